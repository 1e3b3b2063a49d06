// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.Participant;
import dev.baton.recipes.internal.lease.LeaseRecord;
import dev.baton.recipes.internal.lease.LeaseStore;
import dev.baton.recipes.internal.lease.Wakeups;
import dev.baton.recipes.lease.LeaseConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The terms of one candidate of a lease-record election: begins, extends and revokes them, and
 * queues the callbacks. The decisions are the {@link
 * dev.baton.recipes.internal.lease.LeaseMachine}'s, the I/O the {@link LeaseRunner}'s.
 *
 * <p>Every change of the current term happens under {@code lock}, never held while user code or
 * database I/O runs. A term's deadline is enforced twice: by a timer on a thread of its own, which
 * revokes the term at the deadline even while the renewal statement hangs, and by the machine,
 * which ends a term whose renewal was confirmed too late.
 */
public final class LeaseElectionCore implements ElectionEngine {
  private static final Logger log = LoggerFactory.getLogger(LeaseElectionCore.class);

  private final ElectionConfig config;
  private final LeaseStore store;
  private final String description;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final LeaseRunner runner;
  private final Object lock = new Object();

  private boolean closed; // under lock
  private long deadline; // of the current term, monotonic nanoseconds; under lock
  private volatile @Nullable LeadershipHandle current; // written under lock
  private @Nullable Instant lastTransition; // under lock
  private volatile @Nullable VirtualMachineError failure;

  public LeaseElectionCore(
      LeaseStore store,
      @Nullable Wakeups wakeups,
      String table,
      LeaseConfig lease,
      ElectionConfig config,
      LeadershipListener listener) {
    this.config = config;
    this.store = store;
    this.description = "lease:" + table + ":" + config.path();
    this.metrics =
        new ElectionMetrics(config.meterRegistry(), config.path(), config.participantId());
    String name = config.participantId() + "@" + config.path();
    this.callbacks =
        new CallbackDispatcher(name, listener, metrics, this::onElectedFailure, this::fail);
    this.runner = new LeaseRunner(store, wakeups, lease, this, config.participantId(), name);
  }

  @Override
  public void start() {
    runner.start();
  }

  /**
   * Begins the term of {@code token}, active until {@code until}, after following for {@code
   * waited}; false once closed or failed.
   */
  boolean begin(long token, long until, Duration waited) {
    synchronized (lock) {
      if (closed || failure != null) {
        return false;
      }
      deadline = until;
      LeadershipHandle h =
          new LeadershipHandle(
              config.participantId(),
              FencingToken.of(config.path(), token),
              description,
              config.clock().instant());
      current = h;
      lastTransition = h.electedAt();
      metrics.elected(token, waited);
      callbacks.elected(h);
      lock.notifyAll();
    }
    log.info("participant {} leads {} with token {}", config.participantId(), description, token);
    return true;
  }

  /** The term of {@code token} stays active until {@code until}. */
  void extend(long token, long until) {
    synchronized (lock) {
      if (isCurrent(token)) {
        deadline = until;
      }
    }
  }

  /**
   * The deadline timer: ends the term of {@code token} if its deadline has passed by {@code now}.
   */
  void expireIfDue(long token, long now) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      if (isCurrent(token) && now - deadline >= 0) {
        ended = revokeLocked(RevocationReason.LEASE_EXPIRED);
      }
    }
    endedOutside(ended, RevocationReason.LEASE_EXPIRED);
  }

  /** The machine ended the term of {@code token} for {@code reason}. */
  void end(long token, RevocationReason reason) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      if (isCurrent(token)) {
        ended = revokeLocked(reason);
      }
    }
    logRevoked(ended, reason);
  }

  private boolean isCurrent(long token) {
    LeadershipHandle h = current;
    return h != null && h.token().value() == token;
  }

  /** Ends the current term, if any, and tells the runner, which releases the lease. */
  private void revokeOutside(RevocationReason reason) {
    LeadershipHandle ended;
    synchronized (lock) {
      ended = revokeLocked(reason);
    }
    endedOutside(ended, reason);
  }

  private void endedOutside(@Nullable LeadershipHandle ended, RevocationReason reason) {
    if (ended != null) {
      runner.ended(ended.token().value());
    }
    logRevoked(ended, reason);
  }

  private @Nullable LeadershipHandle revokeLocked(RevocationReason reason) {
    LeadershipHandle h = current;
    current = null;
    if (h == null || !h.revoke(reason)) {
      return null;
    }
    lastTransition = config.clock().instant();
    metrics.revoked(reason);
    if (config.interruptOnRevoke()) {
      callbacks.interruptIfRunning(h);
    }
    callbacks.revoked(h, reason);
    lock.notifyAll();
    return h;
  }

  private void logRevoked(@Nullable LeadershipHandle ended, RevocationReason reason) {
    if (ended != null) {
      log.info(
          "participant {} no longer leads {} (token {}): {}",
          config.participantId(),
          description,
          ended.token(),
          reason);
    }
  }

  private void onElectedFailure(LeadershipHandle h) {
    if (config.resignOnCallbackFailure() && current == h) {
      revokeOutside(RevocationReason.CALLBACK_FAILED);
    }
  }

  /** A loop of this election died of {@code e}: the term ends and health reports the failure. */
  void fail(VirtualMachineError e) {
    failure = e;
    revokeOutside(RevocationReason.FAILED);
  }

  @Override
  public void resign() {
    revokeOutside(RevocationReason.RESIGNED);
  }

  @Override
  public Optional<Leadership> leadership() {
    return Optional.ofNullable(current);
  }

  @Override
  public boolean isLeader() {
    LeadershipHandle h = current;
    return h != null && h.isActive();
  }

  @Override
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    long until = System.nanoTime() + timeout.toNanos();
    synchronized (lock) {
      while (!closed) {
        LeadershipHandle h = current;
        if (h != null && h.isActive()) {
          return Optional.of(h);
        }
        long left = until - System.nanoTime();
        if (left <= 0) {
          return Optional.empty();
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return Optional.empty();
    }
  }

  @Override
  public boolean isConnected() {
    return runner.reachable();
  }

  @Override
  public Optional<Instant> lastTransition() {
    synchronized (lock) {
      return Optional.ofNullable(lastTransition);
    }
  }

  @Override
  public long callbackFailures() {
    return metrics.callbackFailures();
  }

  @Override
  public long loopFailures() {
    return runner.failures();
  }

  @Override
  public Optional<VirtualMachineError> failure() {
    return Optional.ofNullable(failure);
  }

  /** The holder of a live lease; the node name is the lease's description. */
  @Override
  public Optional<LeaderInfo> currentLeader() {
    Optional<LeaseRecord> row = store.read();
    if (row.isEmpty() || !row.get().live() || row.get().holder() == null) {
      return Optional.empty();
    }
    LeaseRecord r = row.get();
    return Optional.of(
        new LeaderInfo(
            String.valueOf(r.holder()), FencingToken.of(config.path(), r.token()), description));
  }

  /** A lease has no queue: only its live holder, if any, is known. */
  @Override
  public List<Participant> participants() {
    return currentLeader()
        .map(l -> List.of(new Participant(0, l.participantId(), l.nodeName())))
        .orElse(List.of());
  }

  /**
   * Leaves: revokes with {@link RevocationReason#CLOSED}, waits (up to the callback drain timeout)
   * for the {@code revoked} callback, then releases the lease, so that a successor begins only
   * after this leader's callbacks returned, and a graceful exit hands over at once.
   */
  @Override
  public void close() {
    long drainDeadline = System.nanoTime() + config.callbackDrainTimeout().toNanos();
    LeadershipHandle ended;
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      ended = revokeLocked(RevocationReason.CLOSED);
      lock.notifyAll();
    }
    if (ended != null
        && !callbacks.awaitQueued(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())))
        && !callbacks.isCallbackThread()) {
      log.warn(
          "participant {} releases {} before its revoked callback for token {} returned: it took"
              + " longer than the callback drain timeout {}",
          config.participantId(),
          description,
          ended.token(),
          config.callbackDrainTimeout());
    }
    runner.close(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    logRevoked(ended, RevocationReason.CLOSED);
    callbacks.shutdown(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    metrics.close();
  }
}
