// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.recipes.election.ElectionHealth;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.Participant;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What {@link dev.baton.recipes.election.LeaderElection} needs of a coordination backend: the seam
 * between the public election and its two engines, {@link ElectionCore} (the ZooKeeper queue) and
 * {@link LeaseElectionCore} (a lease record in a SQL database). Both hand out terms as {@link
 * LeadershipHandle}s through the same {@link CallbackDispatcher}, so the listener's threading
 * contract and the term's states are the same whichever backend runs.
 */
public interface ElectionEngine {
  /** Begins taking part. */
  void start();

  /** Ends the term (if any), drains its callbacks, then lets a successor take over at once. */
  void close();

  /** Gives up the current term, if any, and goes on taking part. */
  void resign();

  /** True while this candidate holds an active term. */
  boolean isLeader();

  /** The current term, active or paused. */
  Optional<Leadership> leadership();

  /** Waits for an active term; empty on timeout or once closed. */
  Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException;

  /** True while the backend can be reached (the session's link; the last lease statement). */
  boolean isConnected();

  /**
   * What does not work as it should, and why, if anything (see {@link ElectionHealth#degraded}).
   */
  default Optional<String> degraded() {
    return Optional.empty();
  }

  Optional<Instant> lastTransition();

  long callbackFailures();

  /** How many tasks of the candidate's loop have failed. */
  long loopFailures();

  /** The fatal error that stopped this election, if one did. */
  Optional<VirtualMachineError> failure();

  /** Reads the current leader from the backend. */
  Optional<LeaderInfo> currentLeader();

  /** Reads the participants from the backend, leader first. */
  List<Participant> participants();
}
