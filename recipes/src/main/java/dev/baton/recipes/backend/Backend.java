// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import java.util.List;
import java.util.Optional;

/**
 * A store that hands out terms, each under a fencing token: the one seam between the recipes and
 * their backends, like ShedLock's {@code LockProvider}. Implemented by {@link
 * dev.baton.recipes.BatonSession} (ZooKeeper's ephemeral sequential queue) and {@link
 * dev.baton.recipes.lease.LeaseBackend} (one lease row in a SQL table).
 *
 * <p>A candidate {@linkplain #join joins} the contest for a name; the backend grants it terms one
 * at a time, each with a token above every earlier one of that name, pauses a term while the link
 * is suspended (if the contest asks), and reports each term's end exactly once. Listener calls
 * never run user code. Guarantees: at most one active term per name (on ZooKeeper per healthy
 * session; on a lease row while the local deadline holds), strictly increasing tokens per name; a
 * paused holder may still act, hence the fence. Implementations are thread-safe.
 */
public interface Backend {
  /**
   * Joins the contest {@code contest.name()}: the candidate takes part until it {@linkplain
   * Candidacy#leave leaves}, and hears of its terms through {@code listener}.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalStateException if the backend is closed
   */
  Candidacy join(Contest contest, Candidacy.Listener listener);

  /**
   * The current holder of {@code name} as the backend stores it, read afresh; empty if nobody holds
   * it.
   *
   * @throws dev.baton.recipes.CoordinationException if the backend cannot be read
   */
  Optional<Holder> holder(String name);

  /**
   * The candidates of {@code name} as the backend lists them, the holder first; a backend without a
   * queue (the lease row) lists only its live holder.
   *
   * @throws dev.baton.recipes.CoordinationException if the backend cannot be read
   */
  List<Holder> participants(String name);

  /**
   * Closes {@code recipe} when this backend closes, before the backend ends (a session closes its
   * recipes first, so that they hand over); nothing for a backend that is never closed.
   *
   * @throws IllegalStateException if the backend is closed
   */
  default void closeWith(AutoCloseable recipe) {}

  /** Forgets a recipe passed to {@link #closeWith}, once it closed on its own. */
  default void detach(AutoCloseable recipe) {}
}
