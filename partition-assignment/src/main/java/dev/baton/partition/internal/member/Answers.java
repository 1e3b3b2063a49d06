// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

/**
 * What ZooKeeper answered about the member's own znodes: per partition, what a create or a check of
 * its ownership znode found, and what a join found at the member znode. Immutable values, the
 * member machine's input.
 */
final class Answers {
  private Answers() {}

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
