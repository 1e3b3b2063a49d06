// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What {@link MemberMachine} is told: connection epochs, answers to its actions (what a create,
 * check or join found), watch notifications, callback completions, timers and the lifecycle.
 * Immutable values; the I/O layer builds them on the member's loop.
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
   * watched}: those whose znode the create's own reads watch already.
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

  /** The outcome of taking one partition. */
  sealed interface Take {
    int partition();
  }

  /**
   * The ownership znode exists with creation zxid {@code czxid} and belongs to session {@code
   * owner} (this member's, unless a create was retried onto a later session).
   */
  record Created(int partition, long czxid, long owner) implements Take {}

  /** Another session's ownership znode exists ({@code owner}; 0 if it vanished meanwhile). */
  record Taken(int partition, long owner) implements Take {}

  /**
   * ZooKeeper refused or failed. After a connection problem the znode may exist anyway (the answer
   * was lost); {@code noParent}: the group's {@code owners} znode is missing.
   */
  record Failed(int partition, boolean connectionProblem, boolean noParent) implements Take {}

  /** What a check found at one partition's ownership znode. */
  record NodeCheck(int partition, NodeState state, long czxid, long owner) {
    public static NodeCheck exists(int partition, long czxid, long owner) {
      return new NodeCheck(partition, NodeState.EXISTS, czxid, owner);
    }

    public static NodeCheck absent(int partition) {
      return new NodeCheck(partition, NodeState.ABSENT, 0, 0);
    }

    public static NodeCheck failed(int partition) {
      return new NodeCheck(partition, NodeState.FAILED, 0, 0);
    }
  }

  /** Whether a checked znode exists; a read that failed or timed out is never taken as absent. */
  enum NodeState {
    EXISTS,
    ABSENT,
    FAILED
  }

  /** The outcome of one join. */
  enum JoinOutcome {
    /** The member znode exists and belongs to this session. */
    JOINED,
    /** Another session holds this member id; its znode is watched. */
    DUPLICATE,
    /** ZooKeeper failed; retry. */
    FAILED
  }
}
