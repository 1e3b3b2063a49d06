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
 * Leader election with a fencing token per term, on any {@link Backend}: ZooKeeper (a {@link
 * dev.baton.recipes.BatonSession}) or a lease record in a SQL database (a {@link
 * dev.baton.recipes.lease.LeaseBackend}); the terms, callbacks, threading contract and health are
 * the same on both. On ZooKeeper the token is the leader znode's creation zxid, which rises across
 * ensemble leader changes and restarts (the queue's sequence suffix wraps and restarts, so it only
 * orders the queue); how each backend works: {@code docs/backends.md}.
 *
 * <pre>{@code
 * try (BatonSession session = BatonSession.start(SessionConfig.builder("zk1:2181").build());
 *      LeaderElection election = LeaderElection.create(session,
 *          ElectionConfig.builder("/services/billing/leader").participantId("billing-7").build(),
 *          listener)) {
 *   election.start();
 *   ...
 * }
 * }</pre>
 *
 * <p>Guarantees: at most one candidate of a healthy session holds an active term; tokens of
 * successive terms strictly increase; {@code revoked} follows each {@code elected} exactly once.
 * Not guaranteed: that a paused or partitioned former leader stops acting: pass the token to a
 * fence. Lifecycle: latent, started, closed; thread-safe; see {@link LeadershipListener} for the
 * threading contract of callbacks.
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

  /**
   * Creates a latent election on {@code backend}: a {@link dev.baton.recipes.BatonSession}
   * (ZooKeeper) or a {@link dev.baton.recipes.lease.LeaseBackend} (a lease row, whose name is the
   * election's path, which also scopes its tokens). Call {@link #start()} to take part.
   *
   * @throws NullPointerException if an argument is null
   */
  public static LeaderElection create(
      Backend backend, ElectionConfig config, LeadershipListener listener) {
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(listener, "listener");
    return new LeaderElection(backend, config, new ElectionTerms(config, listener));
  }

  /**
   * Enters the queue. Returns at once; {@link LeadershipListener#elected} fires when this candidate
   * leads. If the session is closed, this throws and the election stays latent ({@link #close()}
   * still closes it). A {@link #close()} on another thread that overlaps this call either makes it
   * throw (the close came first) or leaves the contest itself once the join returned; either way no
   * entry of this candidate remains after the close.
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
   * Leaves the election: the current term (if any) is revoked with {@link RevocationReason#CLOSED},
   * its {@code revoked} callback runs, then the candidate's znode or row is deleted so that the
   * successor takes over at once, and the callbacks are drained. So a successor is elected only
   * after this leader's {@code revoked} returned, unless that outlasts {@link
   * ElectionConfig#callbackDrainTimeout()} (logged) or this is called from a callback. Idempotent;
   * also closes an election that never started or whose start threw. A {@link #start()} under way
   * on another thread is waited for (it joins without waiting for the store), so that this leaves
   * the contest itself.
   *
   * <p>Bounded: returns within the longer of the session's {@linkplain
   * dev.baton.recipes.SessionConfig#closeTimeout() close timeout} (a delete not confirmed by then
   * goes on in the background, or with the session) and the callback drain timeout, both counted
   * from this call.
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
   * Gives up the current term, if any, and re-enters at the back of the queue. Asynchronous: the
   * {@code revoked} callback reports when the term ended. A lone candidate leads again, with a new
   * token.
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

  /**
   * Waits until this candidate holds an active term.
   *
   * @return the term, or empty on timeout or when the election closed
   */
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout");
    return core.awaitLeadership(timeout);
  }

  /**
   * Reads the current leader of this election from ZooKeeper (see {@link ElectionObserver}), or the
   * live holder of the lease row.
   *
   * @throws MalformedCandidateException if the first znode of the queue is not a candidate's
   */
  public Optional<LeaderInfo> currentLeader() {
    return observer().currentLeader();
  }

  /**
   * Reads the queue of participants from ZooKeeper, leader first; on the lease backend, which has
   * no queue, only the live holder.
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

  /**
   * The lifecycle state.
   *
   * <p>Never null: {@code state} starts {@code LATENT} and is only set to constants. NullAway
   * models {@link AtomicReference#get()} as nullable, since outside its JSpecify mode (which needs
   * JDK 22+) it cannot read the type argument's nullness.
   */
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
