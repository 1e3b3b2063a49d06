// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Runs the strategy, refusing a result that does not map exactly the partitions to members. */
final class Rebalance {
  private Rebalance() {}

  /** The computed assignment and how many partitions changed member against the previous one. */
  public record Result(SortedMap<Integer, String> owners, int moved) {}

  /** Runs {@code strategy}, checks its result (IllegalStateException if invalid), counts moves. */
  public static Result compute(
      AssignmentStrategy strategy,
      SortedSet<Integer> partitions,
      Collection<MemberProfile> members,
      Map<Integer, String> previous) {
    if (partitions.isEmpty()) {
      return new Result(new TreeMap<>(), 0);
    }
    Map<Integer, String> raw = strategy.assign(partitions, members, previous);
    if (raw == null) {
      throw new IllegalStateException("strategy " + strategy + " returned null");
    }
    Set<String> ids = members.stream().map(MemberProfile::id).collect(Collectors.toSet());
    TreeMap<Integer, String> owners = new TreeMap<>(raw);
    if (!owners.keySet().equals(partitions)) {
      throw new IllegalStateException(
          "strategy %s did not assign exactly the %s partitions (it assigned %s)"
              .formatted(strategy, partitions.size(), owners.size()));
    }
    int moved = 0;
    for (Map.Entry<Integer, String> e : owners.entrySet()) {
      if (!ids.contains(e.getValue())) {
        throw new IllegalStateException(
            "strategy %s assigned partition %s to '%s', not a member"
                .formatted(strategy, e.getKey(), e.getValue()));
      }
      String before = previous.get(e.getKey());
      if (before != null && !before.equals(e.getValue())) {
        moved++;
      }
    }
    return new Result(owners, moved);
  }
}
