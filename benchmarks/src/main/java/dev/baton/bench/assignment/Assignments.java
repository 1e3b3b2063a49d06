// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Measures on assignments of partitions {@code 0..P-1} (partition to member id). */
final class Assignments {
  private Assignments() {}

  /**
   * Fails the run unless every partition {@code 0..P-1} is assigned exactly once, to one of {@code
   * members}, and nothing else is assigned.
   */
  static void checkCovers(
      String who, Map<Integer, String> assignment, int partitions, Collection<String> members) {
    if (assignment.size() != partitions) {
      throw new BenchmarkFailure(
          who + ": " + assignment.size() + " partitions assigned, expected " + partitions);
    }
    Set<String> live = new HashSet<>(members);
    for (int p = 0; p < partitions; p++) {
      String owner = assignment.get(p);
      if (owner == null) {
        throw new BenchmarkFailure(who + ": partition " + p + " is not assigned");
      }
      if (!live.contains(owner)) {
        throw new BenchmarkFailure(
            who + ": partition " + p + " is assigned to " + owner + ", not a member");
      }
    }
  }

  /** Partitions whose owner differs between {@code before} and {@code after}. */
  static int moved(Map<Integer, String> before, Map<Integer, String> after) {
    return (int)
        after.entrySet().stream().filter(e -> !e.getValue().equals(before.get(e.getKey()))).count();
  }

  /**
   * The fewest partitions that must move from {@code before} to any assignment of the members in
   * {@code membersAfter} whose counts differ by at most one: {@code P} minus the most partitions
   * that can stay. A balanced assignment gives every member {@code q = floor(P/M)} or {@code q +
   * 1}, exactly {@code r = P mod M} of them {@code q + 1}; a surviving member with {@code h}
   * partitions can keep {@code min(h, quota)}, so the most that stay is {@code sum min(h_i, q)}
   * plus one for each of the {@code r} extra slots given to a member that holds more than {@code q}
   * (the biggest holders first), i.e. {@code + min(r, #{i : h_i > q})}. Departed members'
   * partitions always move.
   */
  static int minimumMoves(Map<Integer, String> before, List<String> membersAfter, int partitions) {
    Map<String, Integer> held = counts(before, membersAfter);
    int m = membersAfter.size();
    int q = partitions / m;
    int r = partitions % m;
    int stay = 0;
    int above = 0;
    for (int h : held.values()) {
      stay += Math.min(h, q);
      if (h > q) {
        above++;
      }
    }
    stay += Math.min(r, above);
    return partitions - stay;
  }

  /** max - min of the members' partition counts (members without partitions count as 0). */
  static int imbalance(Map<Integer, String> assignment, List<String> members) {
    IntSummaryStatistics counts =
        counts(assignment, members).values().stream().mapToInt(c -> c).summaryStatistics();
    return counts.getMax() - counts.getMin();
  }

  /** Partitions per member of {@code members} (0 for none); other owners ignored. */
  static Map<String, Integer> counts(Map<Integer, String> assignment, List<String> members) {
    Map<String, Integer> counts = new HashMap<>();
    for (String m : members) {
      counts.put(m, 0);
    }
    for (String owner : assignment.values()) {
      counts.computeIfPresent(owner, (k, v) -> v + 1);
    }
    return counts;
  }
}
