// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import java.util.List;
import java.util.Optional;

/**
 * A store that hands out terms under fencing tokens: the seam between recipes and backends, {@link
 * dev.baton.recipes.BatonSession} and {@link dev.baton.recipes.lease.LeaseBackend}. A candidate
 * that {@linkplain #join joins} a name's contest is granted terms one at a time, each with a token
 * above every earlier one of that name, paused while the link is suspended (if asked), each end
 * reported once. At most one term per name is active (ZooKeeper: per healthy session; lease: while
 * the local deadline holds); a paused holder may still act, hence the fence. Thread-safe.
 */
public interface Backend {
  /**
   * Joins the contest {@code contest.name()} until it {@linkplain Candidacy#leave leaves},
   * reporting terms to {@code listener}.
   *
   * @throws IllegalStateException if the backend is closed
   */
  Candidacy join(Contest contest, Candidacy.Listener listener);

  /**
   * The current holder of {@code name}, read afresh; empty if nobody holds it.
   *
   * @throws dev.baton.recipes.CoordinationException if the backend cannot be read
   */
  Optional<Holder> holder(String name);

  /**
   * The candidates of {@code name}, the holder first (a lease row: only its live holder).
   *
   * @throws dev.baton.recipes.CoordinationException if the backend cannot be read
   */
  List<Holder> participants(String name);

  /**
   * Closes {@code recipe} first when this backend closes, so it hands over (if it ever closes).
   *
   * @throws IllegalStateException if the backend is closed
   */
  default void closeWith(AutoCloseable recipe) {}

  /** Forgets a recipe passed to {@link #closeWith}, once it closed on its own. */
  default void detach(AutoCloseable recipe) {}
}
