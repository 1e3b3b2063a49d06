// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;
import java.util.List;
import java.util.Set;

/** What {@link MemberMachine} asks the io to do; each ZooKeeper action gets one answer event. */
sealed interface MemberAction {
  /** Read and watch the assignment znode (or its creation). Answer: AssignmentRead(Failed). */
  record ReadAssignment(long epoch) implements MemberAction {}

  /** Create the member znode in {@code session} ({@link MemberZnode#join}). Answer: Joined. */
  record Join(long session, Set<Long> earlierSessions) implements MemberAction {
    public Join {
      earlierSessions = Set.copyOf(earlierSessions);
    }
  }

  /** Delete the member znode if session {@code session} owns it. No answer. */
  record Leave(long session) implements MemberAction {}

  /** Create the ownership znodes, parents first if {@code ensureParents}. Answer: CreateResults. */
  record CreateOwnerNodes(
      long epoch, long session, long generation, List<Integer> partitions, boolean ensureParents)
      implements MemberAction {
    public CreateOwnerNodes {
      partitions = List.copyOf(partitions);
    }
  }

  /** Delete the ownership znodes only through session {@code session}'s handle. Answer: Deleted. */
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
   * Begin a term: publish an ownership with token {@code czxid}, then {@code assigned}. {@code
   * resumed}: the same znode as the last term (which keeps its take time).
   */
  record BeginTerm(
      int partition, long term, long czxid, long generation, long handoffNanos, boolean resumed)
      implements MemberAction {}

  /** End the term: the signal now, then {@code revoked}; its return is answered with Revoked. */
  record EndTerm(int partition, long term, RevocationReason reason) implements MemberAction {}

  record Schedule(MemberEvent event, long delayNanos) implements MemberAction {}

  record ScheduleRetry(int attempt) implements MemberAction {}

  record DrainTimedOut(int partition, long term) implements MemberAction {}

  /** Closing is done: every partition was released (or went with the session). */
  record Released() implements MemberAction {}

  record Warn(String message) implements MemberAction {}
}
