// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.testkit.sim.Simulation.Step;
import java.util.List;

/** A recipe as a client runs it: an election's candidate, or a lock and its attempts. */
interface Recipe {
  /**
   * How many entries whose watch fired {@code CandidateMachine} and {@code QueueGrant} remember.
   */
  int MAX_DEAD_NODES = 64;

  /**
   * The entries whose watch fired, as {@code CandidateMachine} and {@code QueueGrant} keep them:
   * the last {@link #MAX_DEAD_NODES}, the eldest forgotten first.
   */
  static RecentNames deadNodes() {
    return new RecentNames(MAX_DEAD_NODES);
  }

  /** The liveness listeners hear {@code e} (each epoch once, in rising order). */
  void deliver(ConnectionEpoch e);

  /** The steps this recipe's threads (its loop, its user) can take now. */
  void offer(List<Step> out, World.Phase phase);

  /** The term the recipe publishes (the election's current term, the lock's hold), or null. */
  TermRecord term();

  /** The last epoch the recipe's listeners heard. */
  ConnectionEpoch lastDelivered();

  /** Invariants of the recipe's own state, checked after every step. */
  void check();

  /**
   * Entries the recipe may legitimately have in the queue once settled (its own, or its hold's).
   */
  List<String> ownedEntries();

  /** After settling: true if this recipe still takes part (an open candidate, a held lock). */
  boolean open();

  /** Closes the recipe (the CLOSE phase): leave the election, release the lock. */
  void close();

  /** True once closed and idle. */
  boolean finished();

  String describe();
}
