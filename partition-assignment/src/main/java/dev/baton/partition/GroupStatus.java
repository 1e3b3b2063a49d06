// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.internal.StatusReader;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.LeaderInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A point-in-time view of a whole group: its members, its assigner, the published assignment and
 * each partition's current owner with token and since when. Read it with {@link #read}; it works
 * for any group on any ensemble, from any client (it is not a member).
 *
 * @param group the group's path
 * @param members the members with a valid member znode, by id
 * @param assigner the member that computes the assignment, with its election token, if any
 * @param generation the published assignment's generation, 0 if none
 * @param partitions every partition of the published assignment, and any partition with an
 *     ownership znode, by id
 * @param problems malformed records found while reading (each names its znode)
 */
public record GroupStatus(
    String group,
    List<MemberStatus> members,
    Optional<LeaderInfo> assigner,
    long generation,
    List<PartitionStatus> partitions,
    List<String> problems) {

  public GroupStatus {
    members = List.copyOf(members);
    partitions = List.copyOf(partitions);
    problems = List.copyOf(problems);
  }

  /** A member of the group. */
  public record MemberStatus(
      String id, int weight, Optional<String> zone, long sessionId, Instant joinedAt) {}

  /**
   * One partition: to whom the assignment gives it, and who owns it now (these differ during a
   * handoff, a rejoin grace period or an outage).
   */
  public record PartitionStatus(
      int partition,
      Optional<String> assignedTo,
      Optional<String> owner,
      Optional<FencingToken> token,
      Optional<Instant> since) {}

  /** Assigned partitions that have no owner now. */
  public long unowned() {
    return partitions.stream()
        .filter(p -> p.assignedTo().isPresent() && p.owner().isEmpty())
        .count();
  }

  /**
   * Reads the status of the group at {@code group}.
   *
   * @throws dev.baton.recipes.CoordinationException if ZooKeeper cannot be read
   */
  public static GroupStatus read(BatonSession session, String group) {
    java.util.Objects.requireNonNull(session, "session");
    java.util.Objects.requireNonNull(group, "group");
    return new StatusReader(session, group).read();
  }
}
