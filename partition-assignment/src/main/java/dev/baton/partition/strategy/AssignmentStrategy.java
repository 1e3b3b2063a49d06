package dev.baton.partition.strategy;

import java.util.Map;
import java.util.SortedSet;

/**
 * Computes which member owns each partition. Pure and deterministic: the same input gives the same
 * output, with no I/O, so strategies are tested without ZooKeeper and can be swapped.
 */
public interface AssignmentStrategy {
  /**
   * Assigns every partition to one of {@code members}.
   *
   * @param partitions the partitions to own, at least one
   * @param members the live member ids, at least one
   * @param previous the last published assignment (partition to member); entries for partitions or
   *     members that no longer exist are ignored
   * @return every partition mapped to a member
   * @throws IllegalArgumentException if there are no partitions or no members
   */
  Map<Integer, String> assign(SortedSet<Integer> partitions, SortedSet<String> members,
      Map<Integer, String> previous);
}
