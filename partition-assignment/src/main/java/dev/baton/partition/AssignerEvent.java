// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.strategy.MemberProfile;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import org.jspecify.annotations.Nullable;

/** What {@link AssignerMachine} is told; the events of a term that is over are ignored. */
sealed interface AssignerEvent {
  /** The assigner term this event belongs to (0 for {@link Retry}, which belongs to any). */
  long term();

  /** This member won term {@code term} of the assigner election, with token {@code token}. */
  record TermBegan(long term, long token) implements AssignerEvent {}

  record TermEnded(long term) implements AssignerEvent {}

  enum Input {
    /** The partition set ({@code G/partitions}), when not configured. */
    PARTITIONS,
    MEMBERS,
    ASSIGNMENT,
    /** The ownership znodes' names, for the unowned-partitions gauge. */
    OWNERS,
    /** Who owns what now (the owner records), for stickiness without a readable assignment. */
    CURRENT_OWNERS
  }

  /** A watched input changed; {@code seenNanos}: when the watch told it (quiet period start). */
  record InputChanged(long term, Input input, long seenNanos) implements AssignerEvent {}

  record ReadFailed(long term, Input input) implements AssignerEvent {}

  /** The partition set, or null when there is none or it is malformed (keep the last good one). */
  record PartitionsRead(long term, @Nullable SortedSet<Integer> partitions)
      implements AssignerEvent {}

  /** The members with a readable member znode, by id. */
  record MembersRead(long term, Map<String, MemberProfile> members) implements AssignerEvent {
    public MembersRead {
      members = Map.copyOf(members);
    }
  }

  /** The published assignment at {@code version} (-1: none); {@code record} null when malformed. */
  record AssignmentRead(long term, @Nullable AssignmentRecord record, int version)
      implements AssignerEvent {}

  /** The ownership znodes that exist (partition ids), or null when the owners znode is missing. */
  record OwnersListed(long term, @Nullable Set<Integer> owned) implements AssignerEvent {}

  record CurrentOwnersRead(long term, Map<Integer, String> owners) implements AssignerEvent {
    public CurrentOwnersRead {
      owners = Map.copyOf(owners);
    }
  }

  record Published(long term, AssignmentRecord record, int version, int moved)
      implements AssignerEvent {}

  enum Rejection {
    /** The term's election znode is gone: this assigner is deposed. */
    TERM_OVER,
    /** The assignment changed since it was read (another assigner wrote it). */
    CONFLICT,
    FAILED
  }

  record PublishRejected(long term, Rejection why) implements AssignerEvent {}

  record RebalanceDue(long term, long seq) implements AssignerEvent {}

  /** A departed member's rejoin grace may have ended. */
  record GraceDue(long term) implements AssignerEvent {}

  /** The throttled read of the ownership znodes' names is due. */
  record OwnersDue(long term) implements AssignerEvent {}

  /** Retry what failed (a backoff's end, or the loop's recovery after a failed task). */
  record Retry() implements AssignerEvent {
    @Override
    public long term() {
      return 0;
    }
  }
}
