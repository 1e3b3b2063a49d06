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
   * Leaves the contest, giving a held term back so that a successor takes over at once. Waits for
   * the store until the later of {@code drainDeadline} and {@code start} plus the backend's close
   * wait (nanoTime values); past it the store finishes in the background, or the entry goes with
   * the session, or the lease expires. Idempotent: a second call returns false.
   *
   * @return true only if the backend confirmed that this call gave back a term that was still held
   *     (the entry deleted by this call; the release matched this holder and token); false if no
   *     term was held, the term had ended, or nothing confirmed it in time
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

  /**
   * What a backend tells its candidate, in order per term, never on a thread that runs user code
   * and never waiting for the store.
   */
  interface Listener {
    /**
     * The store grants a term with {@code token}, after following for {@code waited}, unless {@code
     * valid} (evaluated once, atomically with the term's state) says the grant went stale. A
     * current term of {@code token} resumes (after {@link #suspended}); one of another token ends
     * and the new one begins.
     *
     * @return true if a term of {@code token} is current after the call; false if refused (stale,
     *     or the candidate closed or failed): the backend gives it back
     */
    boolean granted(FencingToken token, String nodeName, Duration waited, BooleanSupplier valid);

    /** The link is suspended: the current term pauses (it resumes through {@link #granted}). */
    void suspended();

    /**
     * The term of {@code token} ended for {@code reason} (any current term if {@code token} is
     * null); true if this call ended a term.
     */
    boolean ended(@Nullable FencingToken token, RevocationReason reason);

    /** A loop of the candidacy died of {@code e}; the candidacy withdraws. */
    void failed(VirtualMachineError e);
  }
}
