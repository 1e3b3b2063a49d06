// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Baton's {@link StickyBalancedStrategy} (equal weights, no zones): one call per event. */
final class BatonAssignor implements Assignor {
  private final StickyBalancedStrategy strategy = new StickyBalancedStrategy();
  private final SortedSet<Integer> partitions;

  BatonAssignor(int partitions) {
    this.partitions = range(partitions);
  }

  static SortedSet<Integer> range(int partitions) {
    return IntStream.range(0, partitions).boxed().collect(Collectors.toCollection(TreeSet::new));
  }

  @Override
  public String name() {
    return "baton";
  }

  @Override
  public Map<Integer, String> rebalance(List<String> members, Map<Integer, String> previous) {
    return strategy.assign(partitions, profiles(members), previous);
  }

  static List<MemberProfile> profiles(List<String> members) {
    return members.stream().map(MemberProfile::of).toList();
  }
}
