// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.MalformedCandidateException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Leader election with a fencing token per term, on any {@link Backend} ({@code docs/backends.md}):
 * ZooKeeper ({@link dev.baton.recipes.BatonSession}), where the token is the leader znode's
 * creation zxid, or a SQL lease row ({@link dev.baton.recipes.lease.LeaseBackend}). Use: {@code
 * LeaderElection.create(session, ElectionConfig.builder("/services/billing/leader").build(),
 * listener)}, then {@link #start()}, and close it when done.
 *
 * <p>Guarantees: at most one candidate of a healthy session holds an active term; tokens of
 * successive terms strictly increase; {@code revoked} follows each {@code elected} exactly once. A
 * paused or partitioned former leader may still act: pass the token to a fence. Lifecycle: latent,
 * started, closed; thread-safe; callback threading: {@link LeadershipListener}.
 */
public final class LeaderElection implements AutoCloseable {
  /** Lifecycle states. */
  public enum State {
    LATENT,
    STARTED,
    CLOSED
  }

  private final Backend backend;
  private final ElectionConfig config;
  private final ElectionTerms core;
  private final AtomicReference<State> state = new AtomicReference<>(State.LATENT);

  private LeaderElection(Backend backend, ElectionConfig config, ElectionTerms core) {
    this.backend = backend;
    this.config = config;
    this.core = core;
  }

  /** Creates a latent election on {@code backend}; {@link #start()} takes part. */
  public static LeaderElection create(
      Backend backend, ElectionConfig config, LeadershipListener listener) {
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(listener, "listener");
    return new LeaderElection(backend, config, new ElectionTerms(config, listener));
  }

  /**
   * Enters the queue and returns at once; {@link LeadershipListener#elected} fires when this
   * candidate leads. A concurrent {@link #close()} makes it throw or leaves after the join.
   *
   * @throws IllegalStateException if already started or closed, or the session is closed
   */
  public void start() {
    State now = state.get();
    if (now != State.LATENT) {
      throw new IllegalStateException("the election is " + now + ", it can start only once");
    }
    // Attached first: a closed session throws here, and the election has not started.
    backend.closeWith(this);
    if (!state.compareAndSet(State.LATENT, State.STARTED)) {
      backend.detach(this); // another start or a close came first
      throw new IllegalStateException(
          "the election is " + state.get() + ", it can start only once");
    }
    core.start(backend); // joins, unless a close came meanwhile; that close waits for the join
  }

  /**
   * Leaves the election: revokes the current term ({@link RevocationReason#CLOSED}), runs its
   * {@code revoked}, then deletes the znode or row so the successor takes over at once (after
   * {@code revoked} returned, unless that outlasts the callback drain timeout or this runs in a
   * callback). Idempotent, even if never started or the start threw; waits for a {@link #start()}
   * under way. Returns within the longer of the drain timeout and the session's close timeout (an
   * unconfirmed delete goes on in the background).
   */
  @Override
  public void close() {
    State before = state.getAndSet(State.CLOSED);
    if (before == State.CLOSED) {
      return;
    }
    backend.detach(this);
    if (before == State.STARTED) {
      core.close();
    }
  }

  /**
   * Gives up the current term, if any, and re-enters at the back of the queue (a lone candidate
   * leads again, with a new token); {@code revoked} reports the end.
   *
   * @throws IllegalStateException if the election is not started, or its start threw
   */
  public void resign() {
    requireStarted();
    core.resign();
  }

  /** True while this candidate holds an active term. */
  public boolean isLeader() {
    return core.isLeader();
  }

  /** The current term, active or paused, if this candidate leads. */
  public Optional<Leadership> leadership() {
    return core.leadership();
  }

  /** Waits for an active term; empty on timeout or once the election closed. */
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout");
    return core.awaitLeadership(timeout);
  }

  /**
   * Reads the current leader (see {@link ElectionObserver}), or the lease row's live holder.
   *
   * @throws MalformedCandidateException if the first znode of the queue is not a candidate's
   */
  public Optional<LeaderInfo> currentLeader() {
    return observer().currentLeader();
  }

  /**
   * Reads the queue of participants, leader first; on the lease backend only the live holder.
   *
   * @throws MalformedCandidateException if a znode of the queue is not a candidate's
   */
  public List<Participant> participants() {
    return observer().participants();
  }

  private ElectionObserver observer() {
    return new ElectionObserver(backend, config.path());
  }

  /** This candidate's participant id. */
  public String participantId() {
    return config.participantId();
  }

  /** The configuration this election was built with. */
  public ElectionConfig config() {
    return config;
  }

  /** The lifecycle state; never null (NullAway reads {@link AtomicReference#get()} as nullable). */
  @SuppressWarnings("NullAway")
  public State state() {
    return state.get();
  }

  /** A snapshot for health checks. */
  public ElectionHealth health() {
    Optional<Leadership> term = core.leadership();
    return new ElectionHealth(
        state(),
        core.isConnected(),
        core.isLeader(),
        term.map(Leadership::token),
        core.lastTransition(),
        core.callbackFailures(),
        core.loopFailures(),
        core.failure().map(Throwable::toString),
        core.degraded());
  }

  private void requireStarted() {
    if (state.get() != State.STARTED) {
      throw new IllegalStateException("the election is " + state.get());
    }
  }

  @Override
  public String toString() {
    return "LeaderElection{"
        + config.participantId()
        + "@"
        + config.path()
        + ", "
        + state.get()
        + "}";
  }
}
