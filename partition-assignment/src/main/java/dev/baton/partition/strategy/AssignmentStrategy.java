// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;

/**
 * Computes which member owns each partition. Pure and deterministic: the same input gives the same
 * output, with no I/O, so strategies are tested without ZooKeeper and can be swapped.
 *
 * <p>Contract of every implementation:
 *
 * <ul>
 *   <li>every partition is mapped to exactly one of the given members, and nothing else is mapped;
 *   <li>an empty partition set gives an empty map (the members are still validated);
 *   <li>the result depends on the members as a set, never on the iteration order of the collection,
 *       nor on the iteration order of {@code previous};
 *   <li>{@code null} arguments (or a {@code null} member) raise {@link NullPointerException} naming
 *       the argument; no members or two members with the same id raise {@link
 *       IllegalArgumentException} (naming the duplicate id).
 * </ul>
 */
public interface AssignmentStrategy {
  /**
   * Assigns every partition to one of {@code members}.
   *
   * @param partitions the partitions to own; may be empty
   * @param members the live members, at least one, with distinct ids; any collection, its order
   *     does not matter
   * @param previous the last published assignment (partition to member id); entries for partitions
   *     or members that no longer exist are ignored, and so are {@code null} keys or values
   * @return a new map from every partition to a member id, sorted by partition
   * @throws NullPointerException if an argument or a member is {@code null}
   * @throws IllegalArgumentException if there are no members or two members share an id
   */
  Map<Integer, String> assign(
      SortedSet<Integer> partitions,
      Collection<MemberProfile> members,
      Map<Integer, String> previous);

  /**
   * Convenience for members without weight or zone: each id becomes {@link
   * MemberProfile#of(String)}.
   *
   * @see #assign(SortedSet, Collection, Map)
   */
  default Map<Integer, String> assign(
      SortedSet<Integer> partitions, SortedSet<String> members, Map<Integer, String> previous) {
    Objects.requireNonNull(members, "members");
    List<MemberProfile> profiles = new ArrayList<>(members.size());
    for (String id : members) {
      profiles.add(MemberProfile.of(id));
    }
    return assign(partitions, profiles, previous);
  }
}
