// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.internal.AssignmentRecord;
import dev.baton.partition.internal.member.Answers.JoinOutcome;
import dev.baton.partition.internal.member.Answers.NodeCheck;
import dev.baton.partition.internal.member.Answers.Take;
import dev.baton.recipes.kernel.ConnectionEpoch;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What {@link MemberMachine} is told: the session's connection epochs, answers to its actions,
 * watch notifications, callback completions, timers and the lifecycle. Immutable values; the I/O
 * layer builds them on the member's loop.
 */
sealed interface MemberEvent {
  /** A new connection epoch of the session. */
  record Epoch(ConnectionEpoch epoch) implements MemberEvent {
    public Epoch {
      Objects.requireNonNull(epoch, "epoch");
    }
  }

  /** The assignment znode changed (a watch fired). */
  record AssignmentChanged() implements MemberEvent {}

  /**
   * The answer to {@link MemberAction.ReadAssignment} of epoch {@code epoch}.
   *
   * @param record the assignment read, or null when there is none yet or it is malformed (the
   *     machine keeps the last good one)
   */
  record AssignmentRead(long epoch, @Nullable AssignmentRecord record) implements MemberEvent {}

  /** {@link MemberAction.ReadAssignment} failed; the assignment is stale until a retry reads it. */
  record AssignmentReadFailed(long epoch) implements MemberEvent {}

  /** The answer to {@link MemberAction.Join}. */
  record Joined(long session, JoinOutcome outcome) implements MemberEvent {}

  /** The member znode was deleted (a watch fired). */
  record MemberNodeDeleted() implements MemberEvent {}

  /**
   * The answer to {@link MemberAction.CreateOwnerNodes}: one {@link Take} per partition; {@code
   * watched}: the partitions whose znode the create's own reads watch already (no check is needed
   * to watch them).
   */
  record CreateResults(long epoch, long generation, List<Take> takes, Set<Integer> watched)
      implements MemberEvent {
    public CreateResults {
      takes = List.copyOf(takes);
      watched = Set.copyOf(watched);
    }

    /** An answer whose znodes are not watched yet. */
    public CreateResults(long epoch, long generation, List<Take> takes) {
      this(epoch, generation, takes, Set.of());
    }
  }

  /** The answer to {@link MemberAction.CheckOwnerNodes}, one {@link NodeCheck} per partition. */
  record Checked(long epoch, List<NodeCheck> checks) implements MemberEvent {
    public Checked {
      checks = List.copyOf(checks);
    }
  }

  /** An ownership znode this member watches was deleted. */
  record OwnerNodeDeleted(int partition) implements MemberEvent {}

  /**
   * The answer to {@link MemberAction.DeleteOwnerNodes}: the partitions whose znode is gone now
   * (deleted, or absent already) and those whose delete failed.
   */
  record Deleted(long session, List<Integer> gone, List<Integer> failed) implements MemberEvent {
    public Deleted {
      gone = List.copyOf(gone);
      failed = List.copyOf(failed);
    }
  }

  /** The {@code revoked} callback of term {@code term} of {@code partition} returned (or threw). */
  record Revoked(int partition, long term) implements MemberEvent {}

  /** The drain timeout of term {@code term} of a released {@code partition} passed. */
  record DrainTimeout(int partition, long term) implements MemberEvent {}

  /** A timer the machine asked for. */
  record Tick(TickKind kind) implements MemberEvent {}

  /** The machine's coalesced timers. */
  enum TickKind {
    /** Take what is free now: the partitions freed within the take window share one multi. */
    TAKE,
    /** Delete the drained partitions: those drained within the batch window share one multi. */
    FLUSH,
    /** Retry what failed. */
    RETRY
  }

  /**
   * A task of the loop failed: answers to actions in progress may be lost. The machine forgets what
   * it was waiting for and verifies everything again.
   */
  record Recover() implements MemberEvent {}

  /** Leave the group: release every partition after its drain, delete the member znode. */
  record Close() implements MemberEvent {}

  /** Stop now: end every term that is still open; nothing more happens. */
  record Shutdown() implements MemberEvent {}
}
