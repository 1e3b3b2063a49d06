// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One ownership term, handed out by every Baton ownership recipe (an election's {@code Leadership},
 * a lock's {@code LockHandle}, a partition's {@code PartitionOwnership}).
 *
 * <p>It carries its {@linkplain #token() fencing token}, for every protected write downstream, and
 * a cancellation signal: check {@link #isActive()} (or {@link #checkActive()}) between steps, or
 * block in {@link #awaitRevocation(Duration)}. The signal drops the moment the recipe stops
 * believing in the term, before any {@code revoked} callback; a paused process sees no signal, so
 * the fenced token is what stops a stale owner. States: active, paused (a policy may pause on a
 * suspended connection), revoked (final, with one {@link RevocationReason}). Thread-safe.
 */
public interface Term {
  /** The term's fencing token. */
  FencingToken token();

  /** When the term began, by the recipe's clock. */
  Instant startedAt();

  /** True while the term is active: begun, not revoked and not paused. */
  boolean isActive();

  /** True once the term is revoked; it never becomes active again. */
  boolean isRevoked();

  /**
   * Throws unless the term is active.
   *
   * @throws TermLostException (a recipe's subclass of it) carrying the token and the reason
   */
  void checkActive();

  /** The reason, once revoked; empty while active or paused. */
  Optional<RevocationReason> revocationReason();

  /**
   * Waits until this term is revoked (true) or the timeout passes (false).
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  boolean awaitRevocation(Duration timeout) throws InterruptedException;
}
