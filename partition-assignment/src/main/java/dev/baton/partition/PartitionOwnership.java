// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import java.time.Instant;

/**
 * One ownership term of one partition, given to {@link PartitionListener#assigned}: a {@link Term}
 * with the partition's details. Carries the term's fencing token and its cancellation signal.
 *
 * <p>Pass {@link #token()} to every write downstream that must come from the partition's current
 * owner (a {@code Fence} of the fencing module, with resource = the partition). The signal ({@link
 * #isActive()}) drops the moment the member stops believing in the term, before {@code revoked}
 * runs; {@link #checkActive()} then throws {@link PartitionLostException}. A paused process cannot
 * see the signal, which is why the token, enforced by a fence, is what really stops a stale owner.
 * An ownership is never paused: a suspended connection revokes it ({@link
 * dev.baton.recipes.RevocationReason#CONNECTION_SUSPENDED}), and a surviving session gets a new
 * ownership with the same token. Thread-safe.
 */
public interface PartitionOwnership extends Term {
  int partition();

  /** The member that holds this term. */
  String memberId();

  /**
   * The term's fencing token: the creation zxid of the ownership znode; scope = that znode's path.
   */
  @Override
  FencingToken token();

  /** The ownership znode, for ZooKeeper writes guarded by it (fencing module's ownership guard). */
  String ownerNodePath();

  /** The assignment generation under which the partition was taken. */
  long generation();

  /**
   * When the member took the partition, by the member's clock; the same as {@link #startedAt()}. A
   * ownership resumed after a reconnect keeps the time of the take.
   */
  default Instant since() {
    return startedAt();
  }
}
