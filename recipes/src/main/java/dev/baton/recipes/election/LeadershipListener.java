// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;

/**
 * Receives the transitions of one {@link LeaderElection}.
 *
 * <p>Threading contract: every method runs on the election's callback loop, one at a time, in the
 * order of the transitions; never on ZooKeeper's event thread, never on Curator's connection-state
 * thread and never under a lock of the recipe, so a callback may call any method of the election
 * (including {@link LeaderElection#close()}) without deadlocking. The loop borrows a thread from
 * Baton's shared pool while it has callbacks to run (named {@code baton-election-callbacks-*}
 * meanwhile), so two callbacks may run on different threads: thread-local state (a logging MDC, a
 * transaction bound to the thread) set in {@code elected} is not there in {@code revoked}. For each
 * {@code elected} there is exactly one {@code revoked}, delivered after it; {@code paused} and
 * {@code resumed} (only under {@link ConnectionPolicy#SESSION}) come between the two.
 *
 * <p>A slow {@code elected} delays the callbacks queued behind it, not the revocation itself: the
 * handle's {@link Leadership#isActive()} flips at once and, by default, the thread running {@code
 * elected} is interrupted. An exception thrown by a callback is logged and counted; from {@code
 * elected} it also makes the candidate resign unless the election is configured otherwise. A {@link
 * VirtualMachineError} (a stack overflow, out of memory) is the exception to every rule above: it
 * stops the loop that met it for good, the election is marked failed ({@link
 * ElectionHealth#failure()}), its term ends and it leaves the queue (or gives up the lease), and if
 * it was the callback loop no callback runs after it, that term's {@code revoked} included.
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
