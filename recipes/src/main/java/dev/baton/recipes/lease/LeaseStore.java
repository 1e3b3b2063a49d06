// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The lease record of one election, behind a small seam (as client-go's {@code resourcelock}): the
 * lease machine decides, the store only reads and writes the row. Every time is the store's own
 * (the database's clock); the store never reads the host's wall clock.
 *
 * <p>Each method is one statement, so a caller measures when it was sent. Failures are unchecked:
 * {@link dev.baton.recipes.spi.StoreUnavailableException} when the database cannot be reached or
 * did not answer (the outcome of a write is then unknown), {@link
 * dev.baton.recipes.lease.LeaseTableException} when the table is missing or misshapen.
 * Implementations are thread-safe.
 */
interface LeaseStore {
  /** The election's name, the row's key and the tokens' scope. */
  String name();

  /**
   * Takes the lease for {@code holder} if the row is absent, released, expired (by the store's
   * clock), or already {@code holder}'s, with a new token: one above every token the store gave
   * before, whatever became of the row (the token is never kept: a candidate acquires only when it
   * holds no term, and a grant whose answer was lost was never acted on). The expiry becomes now
   * plus the lease duration.
   *
   * @return the token held after the call, or empty if another holder's lease is live
   */
  OptionalLong acquire(String holder);

  /**
   * Extends the lease to now plus the lease duration, only if the row is still {@code holder}'s,
   * with {@code token}, and not expired by the store's clock.
   *
   * @return false if the lease is no longer this term's
   */
  boolean renew(String holder, long token);

  /**
   * Clears the holder if the row is still {@code holder}'s with {@code token}, so that a follower
   * can take it at once (and, where the store can, wakes the followers).
   *
   * @return false if the lease was no longer this term's
   */
  boolean release(String holder, long token);

  /** The row as it is now, if it exists. */
  Optional<LeaseRecord> read();
}
