// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.PartitionOwnership;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The handoff trials' two checks that no partition is owned twice at once: over the members' {@code
 * ownedPartitions()} snapshots ({@link #checkSnapshots}), and over their callbacks (who believes
 * they own each partition). A crashed member is forgotten at its crash: its client still believes
 * in its ownerships after the server ended its session, the case fencing tokens exist for.
 */
final class OwnershipChecks {
  private final Map<Integer, String> holder = new HashMap<>(); // guarded by this
  private final Set<String> forgotten = new HashSet<>(); // guarded by this
  private String overlap; // guarded by this

  /**
   * Fails if a partition is in two members' snapshots and both ownerships are active. The snapshots
   * were taken one after the other, so a partition handed over between them shows up in both; but
   * the old owner's ownership is revoked before its znode is deleted, and the new owner's exists
   * only after that, so reading the later snapshot's ownership first and then the earlier one's
   * finds both active only if their terms really overlap.
   */
  static <K> void checkSnapshots(Map<K, Map<Integer, PartitionOwnership>> owned, int partitions) {
    String[] holder = new String[partitions];
    PartitionOwnership[] first = new PartitionOwnership[partitions];
    for (Map.Entry<K, Map<Integer, PartitionOwnership>> e : owned.entrySet()) {
      for (PartitionOwnership o : e.getValue().values()) {
        int p = o.partition();
        if (p < 0 || p >= partitions) {
          throw new BenchmarkFailure(
              e.getKey() + " owns partition " + p + ", outside 0.." + (partitions - 1));
        }
        if (holder[p] == null) {
          holder[p] = e.getKey().toString();
          first[p] = o;
        } else if (o.isActive() && first[p].isActive()) {
          throw new BenchmarkFailure(
              String.format(
                  "partition %d owned by %s (token %d) and %s (token %d) at once",
                  p, holder[p], first[p].token().value(), e.getKey(), o.token().value()));
        }
      }
    }
  }

  /**
   * ZooKeeper's own view against the members': the partitions whose ownership znode is missing,
   * belongs to another member than the one the assignment names, or to a member not in {@code
   * live}, as "{@code <partition>: assigned <member>, owner <member>}".
   */
  static List<String> disagreements(GroupStatus status, Set<String> live) {
    List<String> wrong = new ArrayList<>();
    for (GroupStatus.PartitionStatus p : status.partitions()) {
      if (p.owner().isEmpty()
          || !p.owner().equals(p.assignedTo())
          || !live.contains(p.owner().get())) {
        wrong.add(
            p.partition()
                + ": assigned "
                + p.assignedTo().orElse("-")
                + ", owner "
                + p.owner().orElse("-"));
      }
    }
    return wrong;
  }

  /**
   * A member's {@code assigned}: its {@code revoked} returns before its ownership znode is deleted,
   * and the next owner's {@code assigned} runs after it created its own, so an {@code assigned}
   * while another member still believes is an overlap.
   */
  synchronized void assigned(int partition, String member) {
    if (forgotten.contains(member)) {
      return;
    }
    String other = holder.putIfAbsent(partition, member);
    if (other != null && overlap == null) {
      overlap = "partition " + partition + ": " + member + " was assigned it while " + other;
    }
  }

  synchronized void revoked(int partition, String member) {
    holder.remove(partition, member);
  }

  synchronized boolean isForgotten(String member) {
    return forgotten.contains(member);
  }

  /** A crashed member: its callbacks no longer count. */
  synchronized void forget(String member) {
    forgotten.add(member);
    holder.values().removeIf(member::equals);
  }

  /** Fails if the callbacks ever overlapped. */
  synchronized void check() {
    if (overlap != null) {
      throw new BenchmarkFailure("ownership callbacks overlapped: " + overlap + " held it");
    }
  }
}
