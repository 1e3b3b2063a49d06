// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;
import java.util.List;
import java.util.Set;

/**
 * What {@link MemberMachine} asks the I/O layer to do. Every action that talks to ZooKeeper is
 * answered with exactly one {@link MemberEvent}; the others are done at once.
 */
sealed interface MemberAction {
  /** Read and watch the assignment znode (or its creation). Answer: AssignmentRead(Failed). */
  record ReadAssignment(long epoch) implements MemberAction {}

  /**
   * Join in session {@code session}: create the member znode, adopt one of this session, delete one
   * of {@code earlierSessions}, else report a duplicate and watch it. Answer: Joined.
   */
  record Join(long session, Set<Long> earlierSessions) implements MemberAction {
    public Join {
      earlierSessions = Set.copyOf(earlierSessions);
    }
  }

  /** Delete the member znode if session {@code session} owns it. No answer. */
  record Leave(long session) implements MemberAction {}

  /**
   * Create the ephemeral ownership znodes of {@code partitions} (batched multis), with an owner
   * record of {@code generation}; first create the group's parents if {@code ensureParents}.
   * Answer: CreateResults.
   */
  record CreateOwnerNodes(
      long epoch, long session, long generation, List<Integer> partitions, boolean ensureParents)
      implements MemberAction {
    public CreateOwnerNodes {
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * Delete the ownership znodes of {@code partitions} (batched multis), only through session {@code
   * session}'s own handle. Answer: Deleted.
   */
  record DeleteOwnerNodes(long session, List<Integer> partitions) implements MemberAction {
    public DeleteOwnerNodes {
      partitions = List.copyOf(partitions);
    }
  }

  /** Read and watch the ownership znodes of {@code partitions} (pipelined). Answer: Checked. */
  record CheckOwnerNodes(long epoch, List<Integer> partitions) implements MemberAction {
    public CheckOwnerNodes {
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * Begin term {@code term} of {@code partition}: an ownership with token {@code czxid}, published,
   * then {@code assigned} on the callback loop. {@code resumed}: the same znode as the previous
   * term (after a reconnect within the session), which keeps its take time. {@code handoffNanos}:
   * from seeing the partition assigned to owning it, or -1.
   */
  record BeginTerm(
      int partition, long term, long czxid, long generation, long handoffNanos, boolean resumed)
      implements MemberAction {}

  /**
   * End term {@code term} of {@code partition}: the ownership's signal now, then {@code revoked} on
   * the callback loop, whose return is answered with Revoked.
   */
  record EndTerm(int partition, long term, RevocationReason reason) implements MemberAction {}

  /** Feed {@code event} back after {@code delayNanos}. */
  record Schedule(MemberEvent event, long delayNanos) implements MemberAction {}

  /** Feed a RETRY tick back after the backoff for failure {@code attempt} (1 for the first). */
  record ScheduleRetry(int attempt) implements MemberAction {}

  /** The drain of term {@code term} of {@code partition} timed out: log it and count it. */
  record DrainTimedOut(int partition, long term) implements MemberAction {}

  /** Closing is done: every partition was released (or went with the session). */
  record Released() implements MemberAction {}

  /** Log {@code message} as a warning. */
  record Warn(String message) implements MemberAction {}
}
