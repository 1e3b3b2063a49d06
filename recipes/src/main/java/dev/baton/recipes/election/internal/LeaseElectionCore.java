// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.Participant;
import dev.baton.recipes.internal.lease.LeaseHolder;
import dev.baton.recipes.internal.lease.LeaseRecord;
import dev.baton.recipes.internal.lease.LeaseStore;
import dev.baton.recipes.internal.lease.Wakeups;
import dev.baton.recipes.lease.LeaseConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The terms of one candidate of a lease-record election: begins, extends and revokes them through
 * its {@link TermSlot}. The decisions are the {@link
 * dev.baton.recipes.internal.lease.LeaseMachine}'s, the I/O the {@link LeaseRunner}'s.
 *
 * <p>A term's deadline is enforced twice: by a timer on a thread of its own, which revokes the term
 * at the deadline even while the renewal statement hangs, and by the machine, which ends a term
 * whose renewal was confirmed too late. A term ended outside the machine (deadline, resignation, a
 * failed {@code elected}, a fatal error) is reported to the runner, which releases the lease.
 */
public final class LeaseElectionCore implements ElectionEngine {
  private final ElectionConfig config;
  private final LeaseStore store;
  private final String description;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final TermSlot slot;
  private final Object lock; // the slot's: guards the term and the deadline
  private final LeaseRunner runner;

  private long deadline; // of the current term, monotonic nanoseconds; under lock
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
    this.slot = new TermSlot(config, metrics, callbacks, description);
    this.lock = slot.lock;
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
    LeadershipHandle h =
        new LeadershipHandle(
            config.participantId(),
            FencingToken.of(config.path(), token),
            description,
            config.clock().instant());
    synchronized (lock) {
      if (slot.isClosedLocked() || failure != null) {
        return false;
      }
      deadline = until;
      slot.beginLocked(h, waited);
    }
    slot.logElected(h);
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
        ended = slot.revokeLocked(RevocationReason.LEASE_EXPIRED);
      }
    }
    endedOutside(ended, RevocationReason.LEASE_EXPIRED);
  }

  /** The machine ended the term of {@code token} for {@code reason}. */
  void end(long token, RevocationReason reason) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      if (isCurrent(token)) {
        ended = slot.revokeLocked(reason);
      }
    }
    slot.logRevoked(ended, reason);
  }

  private boolean isCurrent(long token) {
    LeadershipHandle h = slot.current();
    return h != null && h.token().value() == token;
  }

  /** Ends the current term, if any, and tells the runner, which releases the lease. */
  private void revokeOutside(RevocationReason reason) {
    revokeOutside(reason, null);
  }

  /**
   * As {@link #revokeOutside(RevocationReason)}, but only if the current term is {@code only} (when
   * not null), checked under the lock, so that a later term is never ended in its place.
   */
  private void revokeOutside(RevocationReason reason, @Nullable LeadershipHandle only) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      if (only == null || slot.current() == only) {
        ended = slot.revokeLocked(reason);
      }
    }
    endedOutside(ended, reason);
  }

  private void endedOutside(@Nullable LeadershipHandle ended, RevocationReason reason) {
    if (ended != null) {
      runner.ended(ended.token().value());
    }
    slot.logRevoked(ended, reason);
  }

  private void onElectedFailure(LeadershipHandle h) {
    if (config.resignOnCallbackFailure()) {
      revokeOutside(RevocationReason.CALLBACK_FAILED, h);
    }
  }

  /**
   * A loop of this election died of {@code e}: the term ends, health reports the failure, and the
   * candidate withdraws (it could begin no term, so it must neither hold nor keep taking the row).
   */
  void fail(VirtualMachineError e) {
    failure = e;
    revokeOutside(RevocationReason.FAILED);
    runner.withdraw();
  }

  @Override
  public void resign() {
    revokeOutside(RevocationReason.RESIGNED);
  }

  @Override
  public Optional<Leadership> leadership() {
    return slot.leadership();
  }

  @Override
  public boolean isLeader() {
    return slot.isLeader();
  }

  @Override
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    return slot.awaitLeadership(timeout);
  }

  /** True while the last statement sent to the database was answered. */
  @Override
  public boolean isConnected() {
    return runner.reachable();
  }

  @Override
  public Optional<String> degraded() {
    return runner.degraded();
  }

  @Override
  public Optional<Instant> lastTransition() {
    return slot.lastTransition();
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
            LeaseHolder.participantOf(String.valueOf(r.holder())),
            FencingToken.of(config.path(), r.token()),
            description));
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
      if (!slot.closeLocked()) {
        return;
      }
      ended = slot.revokeLocked(RevocationReason.CLOSED);
    }
    slot.awaitRevokedCallback(ended, drainDeadline);
    runner.close(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    slot.logRevoked(ended, RevocationReason.CLOSED);
    callbacks.shutdown(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    metrics.close();
  }
}
