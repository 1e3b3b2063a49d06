// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** What {@link MemberMachine} is told: epochs, answers, watches, callback returns, timers. */
sealed interface MemberEvent {
  record Epoch(ConnectionEpoch epoch) implements MemberEvent {
    public Epoch {
      Objects.requireNonNull(epoch, "epoch");
    }
  }

  /** The assignment znode changed (a watch fired). */
  record AssignmentChanged() implements MemberEvent {}

  /** Answers {@link MemberAction.ReadAssignment}; null if none or malformed (last good kept). */
  record AssignmentRead(long epoch, @Nullable AssignmentRecord record) implements MemberEvent {}

  /** {@link MemberAction.ReadAssignment} failed; the assignment is stale until a retry reads it. */
  record AssignmentReadFailed(long epoch) implements MemberEvent {}

  record Joined(long session, JoinOutcome outcome) implements MemberEvent {}

  /** The member znode was deleted (a watch fired). */
  record MemberNodeDeleted() implements MemberEvent {}

  /** Answers {@link MemberAction.CreateOwnerNodes}; {@code watched}: what its reads watch. */
  record CreateResults(long epoch, long generation, List<Take> takes, Set<Integer> watched)
      implements MemberEvent {
    public CreateResults {
      takes = List.copyOf(takes);
      watched = Set.copyOf(watched);
    }

    public CreateResults(long epoch, long generation, List<Take> takes) {
      this(epoch, generation, takes, Set.of());
    }
  }

  record Checked(long epoch, List<NodeCheck> checks) implements MemberEvent {
    public Checked {
      checks = List.copyOf(checks);
    }
  }

  /** An ownership znode this member watches was deleted. */
  record OwnerNodeDeleted(int partition) implements MemberEvent {}

  /** Answers {@link MemberAction.DeleteOwnerNodes}: gone (deleted or absent), or failed. */
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

  record Tick(TickKind kind) implements MemberEvent {}

  enum TickKind {
    /** Take what is free now: the partitions freed within the take window share one multi. */
    TAKE,
    /** Delete the drained partitions: those drained within the batch window share one multi. */
    FLUSH,
    RETRY
  }

  /** A loop task failed, answers may be lost: forget what was awaited and verify again. */
  record Recover() implements MemberEvent {}

  /** Leave the group: release every partition after its drain, delete the member znode. */
  record Close() implements MemberEvent {}

  /** Stop now: end every term that is still open; nothing more happens. */
  record Shutdown() implements MemberEvent {}

  sealed interface Take {
    int partition();
  }

  /** The znode exists, of session {@code owner} (an earlier one if a create was retried). */
  record Created(int partition, long czxid, long owner) implements Take {}

  /** Another session's ownership znode exists ({@code owner}; 0 if it vanished meanwhile). */
  record Taken(int partition, long owner) implements Take {}

  /**
   * ZooKeeper failed; after a connection problem the znode may exist anyway (the answer was lost).
   * {@code noParent}: the {@code owners} znode is missing.
   */
  record Failed(int partition, boolean connectionProblem, boolean noParent) implements Take {}

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

  enum JoinOutcome {
    /** The member znode exists and belongs to this session. */
    JOINED,
    /** Another session holds this member id; its znode is watched. */
    DUPLICATE,
    FAILED
  }
}
