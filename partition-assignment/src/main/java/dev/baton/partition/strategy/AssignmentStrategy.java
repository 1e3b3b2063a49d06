// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.stream.Collectors;

/**
 * Computes which member owns each partition, pure and deterministic. Every implementation maps each
 * partition to exactly one of the given members and nothing else (an empty set gives an empty map),
 * depends on the members as a set, never on iteration orders, and raises {@link
 * NullPointerException} for null arguments or members and {@link IllegalArgumentException} for no
 * members or a duplicate id.
 */
public interface AssignmentStrategy {
  /**
   * Assigns every partition to one of {@code members} (at least one, distinct ids, in any order);
   * {@code previous} (partition to member id) entries for partitions or members that no longer
   * exist are ignored, as are null keys and values.
   *
   * @return a new map from every partition to a member id, sorted by partition
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
