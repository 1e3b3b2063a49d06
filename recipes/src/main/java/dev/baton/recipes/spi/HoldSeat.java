// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import dev.baton.fencing.FencingToken;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A backend's own seat for a lock: one hold at a time, taken on the caller's thread. The lock keeps
 * reentrancy, thread ownership and counts; any backend's seat takes terms through {@link
 * dev.baton.recipes.backend.Backend#join}, while the ZooKeeper session offers a faster one ({@code
 * BatonSession.lockSeat}: create and listing in one round trip, no loop). One thread (the lock's
 * own) takes or releases at a time; thread-safe otherwise.
 */
public interface HoldSeat<H extends TermHandle> {
  /**
   * Takes a hold, waiting until {@code deadline} ({@link System#nanoTime()}) at most; empty on
   * timeout. On timeout, interrupt or failure nothing of the attempt stays in the backend.
   *
   * @throws IllegalStateException if the seat is closed, before or during the attempt
   */
  Optional<H> take(long deadline) throws InterruptedException;

  /** The hold taken and not yet given back, active or ended. */
  @Nullable H current();

  /**
   * Ends the current hold ({@code RESIGNED}) and gives it back: true only if it was still valid and
   * the backend confirmed, within a bound, that this call removed it; false at once if it had ended
   * (then it is given back in the background).
   */
  boolean release();

  /**
   * Stops following the backend; a hold of another thread than the caller ({@code heldByCaller}
   * false) ends now ({@code CLOSED}), and a take under way ends as {@link #take} says.
   */
  void close(boolean heldByCaller);

  /** The recipe's side: makes its terms and counts those the backend took away. */
  interface Holds<H> {
    /** A term of {@code token} on the backend's entry {@code nodePath}, beginning now. */
    H begin(FencingToken token, String nodePath);

    /** A hold was lost: ended by the backend (not by a release nor a suspended link). */
    void lost();
  }
}
