// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The backend's side of one {@link FencedLock}: takes a hold and gives it back. The lock itself
 * keeps the reentrancy, the one thread that may take or give back at a time, and the counts.
 */
interface LockSeat {
  /**
   * Takes a hold on the calling thread, waiting until {@code deadline} ({@link System#nanoTime()})
   * at most; empty on timeout. On timeout, interrupt or failure nothing of the attempt stays in the
   * backend.
   */
  Optional<Hold> take(long deadline) throws InterruptedException;

  /** The hold taken and not yet given back, active or ended. */
  @Nullable Hold current();

  /**
   * Ends the current hold ({@code RESIGNED}) and gives it back: true only if it had not ended
   * before and the backend confirmed, within a bound, that this call removed it; false at once if
   * it had ended before (then it is given back in the background).
   */
  boolean release();

  /**
   * Stops following the backend; a hold of another thread than the caller ({@code heldByCaller}
   * false) ends now ({@code CLOSED}).
   */
  void close(boolean heldByCaller);
}
