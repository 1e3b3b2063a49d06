// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * Receives the transitions of one {@link LeaderElection}.
 *
 * <p>Threading contract: every method runs on the election's callback loop, one at a time, in
 * transition order; never on ZooKeeper's or Curator's threads nor under a lock of the recipe, so a
 * callback may call any election method (even {@link LeaderElection#close()}). The loop borrows a
 * pooled thread (named {@code baton-election-callbacks-*}) while it has work, so thread-local state
 * set in {@code elected} may be gone in {@code revoked}. Each {@code elected} gets exactly one
 * later {@code revoked}; {@code paused} and {@code resumed} (only under {@link
 * ConnectionPolicy#SESSION}) come between.
 *
 * <p>A slow {@code elected} delays the callbacks behind it, not the revocation: {@link
 * Leadership#isActive()} flips at once and, by default, {@code elected}'s thread is interrupted. A
 * callback's exception is logged and counted; from {@code elected} it also resigns unless
 * configured otherwise. A {@link VirtualMachineError} stops its loop for good: the election is
 * marked failed ({@link ElectionHealth#failure()}), its term ends, it leaves the contest, and on
 * the callback loop no callback runs after it, that term's {@code revoked} included.
 */
public interface LeadershipListener {
  /** This candidate leads; {@code leadership} carries the token and the cancellation signal. */
  void elected(Leadership leadership);

  /** The term that {@code leadership} was elected with has ended, for {@code reason}. */
  void revoked(Leadership leadership, RevocationReason reason);

  /** Under {@link ConnectionPolicy#SESSION}: the connection is suspended and the term is paused. */
  default void paused(Leadership leadership) {}

  /** Under {@link ConnectionPolicy#SESSION}: the reconnect verified the term and it goes on. */
  default void resumed(Leadership leadership) {}
}
