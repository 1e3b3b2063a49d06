// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.stream.Collectors;

/**
 * Computes which member owns each partition, pure and deterministic. An implementation maps each
 * partition to exactly one of the given members (an empty set to an empty map), depends on the
 * members as a set, not on iteration order, and throws {@link NullPointerException} for nulls and
 * {@link IllegalArgumentException} for no members or a duplicate id.
 */
public interface AssignmentStrategy {
  /**
   * A new map, sorted by partition, of each partition to one of {@code members} (distinct ids);
   * entries of {@code previous} for gone partitions or members, and nulls, are ignored.
   */
  Map<Integer, String> assign(
      SortedSet<Integer> partitions,
      Collection<MemberProfile> members,
      Map<Integer, String> previous);

  /** Convenience for members without weight or zone ({@link MemberProfile#of(String)}). */
  default Map<Integer, String> assign(
      SortedSet<Integer> partitions, SortedSet<String> members, Map<Integer, String> previous) {
    Objects.requireNonNull(members, "members");
    return assign(
        partitions,
        members.stream().map(MemberProfile::of).collect(Collectors.toCollection(ArrayList::new)),
        previous);
  }
}
