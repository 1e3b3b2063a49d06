// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * Receives the transitions of one {@link LeaderElection} on its callback loop: one at a time, in
 * transition order, never on ZooKeeper's or Curator's threads nor under a recipe lock, so a
 * callback may call any election method (even {@link LeaderElection#close()}). The loop borrows a
 * pooled thread ({@code baton-election-callbacks-*}) while it has work: thread-locals set in {@code
 * elected} may be gone in {@code revoked}. Each {@code elected} gets one later {@code revoked};
 * {@code paused} and {@code resumed} (only under {@link ConnectionPolicy#SESSION}) come between.
 *
 * <p>A slow {@code elected} delays later callbacks, not the revocation: {@link
 * Leadership#isActive()} flips at once and, by default, {@code elected}'s thread is interrupted. A
 * callback's exception is logged and counted (from {@code elected} it resigns, by default). A
 * {@link VirtualMachineError} stops the loop: the election fails (see {@code health()}), its term
 * ends and it leaves; no callback (even {@code revoked}) follows.
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
