// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import java.time.Instant;

/**
 * One ownership term of one partition, given to {@link PartitionListener#assigned}: a {@link Term}
 * with its partition, fencing token and cancellation signal. Pass {@link #token()} to every
 * downstream write that must come from the current owner: a paused process cannot see the signal,
 * so the token, enforced by a fence, stops a stale owner. Never paused: a suspended connection
 * revokes it, and a surviving session gets a new one with the same token. Thread-safe.
 */
public interface PartitionOwnership extends Term {
  int partition();

  /** The member that holds this term. */
  String memberId();

  /** The term's fencing token: the ownership znode's creation zxid, scoped by the znode's path. */
  @Override
  FencingToken token();

  /** The ownership znode, for ZooKeeper writes guarded by it (fencing module's ownership guard). */
  String ownerNodePath();

  /** The assignment generation under which the partition was taken. */
  long generation();

  /**
   * When the member took the partition: a term resumed after a reconnect keeps the first one's,
   * while its {@link #startedAt()} is when it resumed. The default returns {@link #startedAt()}.
   */
  default Instant since() {
    return startedAt();
  }
}
