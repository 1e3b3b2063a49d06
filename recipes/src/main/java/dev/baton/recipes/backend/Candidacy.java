// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * One candidate's part in a contest of a {@link Backend}, from {@link Backend#join} until {@link
 * #leave}. Thread-safe; every method returns without waiting for the store except {@link #leave}.
 */
public interface Candidacy {
  /** Gives up the current term, if any, and goes on taking part (a new term has a new token). */
  void resign();

  /** As {@link #resign()}, but only if the current term is {@code token}'s; ends it for reason. */
  void resign(FencingToken token, RevocationReason reason);

  /** Stops after a fatal error: a held term is given back and no new one taken. */
  void withdraw();

  /**
   * Leaves the contest, giving a held term back at once. Waits for the store until the later of
   * {@code drainDeadline} and {@code start} plus the backend's close wait (nanoTime), then the
   * store finishes in the background (or the entry or lease expires). A second call returns false.
   *
   * @return true only if the backend confirmed that this call gave back a still-held term
   */
  boolean leave(long start, long drainDeadline);

  /** True while the backend can be reached (the session's link; the last statement answered). */
  boolean isConnected();

  /** What does not work as it should, and why, if anything. */
  default Optional<String> degraded() {
    return Optional.empty();
  }

  /** How many tasks of the candidacy's loop have failed (and were retried, or ended it). */
  long failures();

  /** What a backend tells its candidate: in order per term, off user threads, never waiting. */
  interface Listener {
    /**
     * The store grants a term with {@code token}, after following for {@code waited}, unless {@code
     * valid} (evaluated once, atomically with the term's state) says it went stale. A current term
     * of {@code token} resumes (after {@link #suspended}); one of another token ends first.
     *
     * @return whether a term of {@code token} is current after; if not, the backend gives it back
     */
    boolean granted(FencingToken token, String nodeName, Duration waited, BooleanSupplier valid);

    /** The link is suspended: the current term pauses (it resumes through {@link #granted}). */
    void suspended();

    /** The term of {@code token} (any if null) ended; true if this call ended one. */
    boolean ended(@Nullable FencingToken token, RevocationReason reason);

    /** A loop of the candidacy died of {@code e}; the candidacy withdraws. */
    void failed(VirtualMachineError e);
  }
}
