// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The terms of one candidate, on any {@link Backend}: begins, pauses, resumes and revokes them as
 * its {@link Candidacy} reports, queues the callbacks on one {@link CallbackDispatcher} and counts
 * the metrics, once for every backend.
 *
 * <p>Every change of the current term happens under the slot's lock, which is never held while user
 * code or store I/O runs; callbacks are queued under it, so {@code revoked} never overtakes its
 * {@code elected}. A grant's validity (for ZooKeeper: the session's epoch is still the one the
 * queue was read in) is checked under the same lock with which the backend reports ends and pauses,
 * so no term outlives the connection it began on by more than the delivery of one event.
 */
final class ElectionTerms implements Candidacy.Listener {
  private static final Logger log = LoggerFactory.getLogger(ElectionTerms.class);

  private final ElectionConfig config;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final TermSlot slot;
  private final Object lock; // the slot's: guards the term
  private final Object joining = new Object(); // a close waits for a join under way; before lock
  private volatile @Nullable Candidacy candidacy; // set by start, under joining
  private volatile @Nullable VirtualMachineError failure;

  ElectionTerms(ElectionConfig config, LeadershipListener listener) {
    this.config = config;
    this.metrics =
        new ElectionMetrics(config.meterRegistry(), config.path(), config.participantId());
    String name = config.participantId() + "@" + config.path();
    this.callbacks =
        new CallbackDispatcher(name, listener, metrics, this::onElectedFailure, this::fail);
    this.slot = new TermSlot(config, metrics, callbacks, config.path());
    this.lock = slot.lock;
  }

  /**
   * Joins the contest on {@code backend}, unless closed already. A {@link #close} on another thread
   * waits for a join under way (a join starts the candidacy's loop and does not wait for the
   * store), so that it leaves the contest itself: a candidacy joined after the close would keep its
   * entry, and at the head of the queue hold every other candidate up until the session ends.
   *
   * @throws IllegalStateException if the backend is closed
   */
  public void start(Backend backend) {
    synchronized (joining) {
      synchronized (lock) {
        if (slot.isClosedLocked()) {
          return;
        }
      }
      candidacy = // the term lock is not held here: the join may report to this listener
          backend.join(
              new Contest(
                  config.path(),
                  config.participantId(),
                  config.connectionPolicy() == ConnectionPolicy.SESSION,
                  config.reentryJitter(),
                  config.meterRegistry()),
              this);
    }
  }

  @Override
  public boolean granted(
      FencingToken token, String nodeName, Duration waited, BooleanSupplier valid) {
    LeadershipHandle ended;
    LeadershipHandle begun;
    synchronized (lock) {
      LeadershipHandle current = slot.current();
      if (slot.isClosedLocked() || failure != null || !valid.getAsBoolean()) {
        // Refused; but a term of this token that is already current (paused by the link change
        // that made the grant stale) stays the backend's to end: report it as held.
        return current != null && current.token().equals(token);
      }
      if (current != null && current.token().equals(token)) {
        if (current.resume()) {
          metrics.resumed();
          callbacks.resumed(current);
          log.info(
              "participant {} resumes its term {} on {}",
              config.participantId(),
              token,
              config.path());
          lock.notifyAll();
        }
        return true;
      }
      ended = slot.revokeLocked(RevocationReason.NODE_DELETED);
      begun =
          new LeadershipHandle(config.participantId(), token, nodeName, config.clock().instant());
      slot.beginLocked(begun, waited);
    }
    slot.logRevoked(ended, RevocationReason.NODE_DELETED);
    slot.logElected(begun);
    return true;
  }

  @Override
  public void suspended() {
    synchronized (lock) {
      LeadershipHandle current = slot.current();
      if (current != null && current.pause()) {
        metrics.paused();
        callbacks.paused(current);
        log.warn(
            "participant {} pauses its term {} on {}: connection suspended",
            config.participantId(),
            current.token(),
            config.path());
      }
    }
  }

  @Override
  public boolean ended(@Nullable FencingToken token, RevocationReason reason) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      LeadershipHandle current = slot.current();
      if (token == null || (current != null && current.token().equals(token))) {
        ended = slot.revokeLocked(reason);
      }
    }
    slot.logRevoked(ended, reason);
    return ended != null;
  }

  private void onElectedFailure(LeadershipHandle h) {
    Candidacy c = candidacy;
    if (config.resignOnCallbackFailure() && c != null) {
      c.resign(h.token(), RevocationReason.CALLBACK_FAILED);
    }
  }

  /**
   * A loop of this election died of {@code e}: the term ends, health reports the failure, and the
   * candidate withdraws (it could begin no term, and would keep the others waiting).
   */
  @Override
  public void failed(VirtualMachineError e) {
    failure = e;
    ended(null, RevocationReason.FAILED);
  }

  private void fail(VirtualMachineError e) {
    failed(e);
    Candidacy c = candidacy;
    if (c != null) {
      c.withdraw();
    }
  }

  /**
   * Gives up the current term and goes on taking part. Waits for a join under way (it does not wait
   * for the store).
   *
   * @throws IllegalStateException if the start has not joined: its join threw, or a start on
   *     another thread has not begun its join yet
   */
  public void resign() {
    Candidacy c;
    synchronized (joining) {
      c = candidacy;
    }
    if (c == null) {
      throw new IllegalStateException(
          "the election on "
              + config.path()
              + " has not joined its contest: its start threw, or has not reached its join yet");
    }
    c.resign();
  }

  public Optional<Leadership> leadership() {
    return slot.leadership();
  }

  public boolean isLeader() {
    return slot.isLeader();
  }

  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    return slot.awaitLeadership(timeout);
  }

  /** True while the backend can be reached; true before the start. */
  public boolean isConnected() {
    Candidacy c = candidacy;
    return c == null || c.isConnected();
  }

  public Optional<String> degraded() {
    Candidacy c = candidacy;
    return c == null ? Optional.empty() : c.degraded();
  }

  public Optional<Instant> lastTransition() {
    return slot.lastTransition();
  }

  public long callbackFailures() {
    return metrics.callbackFailures();
  }

  public long loopFailures() {
    Candidacy c = candidacy;
    return c == null ? 0 : c.failures();
  }

  public Optional<VirtualMachineError> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * Leaves the election: revokes with {@link RevocationReason#CLOSED}, then leaves the contest
   * right after the callbacks queued so far (the {@code revoked} of this close's term, or of a term
   * that an earlier event ended) returned, so that the successor begins only after this leader's
   * callbacks returned. The leave is sent by the thread that ran the {@code revoked} callback as
   * soon as it returns, not handed back to this thread first; this call waits for it at most the
   * callback drain timeout, then leaves itself, and does not wait at all when called from a
   * callback. This returns within the longer of the backend's close wait and the drain timeout,
   * both counted from this call. A {@link #start} under way on another thread is waited for (it
   * joins without waiting for the store); one that comes later does not join. Without a candidacy
   * (none joined, or the join failed) there is nothing to leave.
   */
  public void close() {
    long start = System.nanoTime();
    long drainDeadline = start + atMostADay(config.callbackDrainTimeout());
    LeadershipHandle ended;
    Candidacy c;
    synchronized (joining) {
      synchronized (lock) {
        if (!slot.closeLocked()) {
          return;
        }
        ended = slot.revokeLocked(RevocationReason.CLOSED);
      }
      c = candidacy;
    }
    Runnable leave = c == null ? () -> {} : () -> c.leave(start, drainDeadline); // answer: logs
    boolean fromCallback = callbacks.isCallbackThread();
    if (!fromCallback) {
      callbacks.afterQueued(leave); // right after revoked; the leave below is then a no-op
    }
    slot.awaitRevokedCallback(ended, drainDeadline);
    if (ended == null && !fromCallback) {
      // A term that ended before this close (a suspension, say) may still be in its revoked
      // callback: the successor must not begin before that returned either.
      callbacks.awaitQueued(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    }
    leave.run(); // the term has ended: it is given back now unless the callback loop did
    slot.logRevoked(ended, RevocationReason.CLOSED);
    callbacks.shutdown(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    metrics.close();
  }

  /** In nanoseconds, at most a day: a longer wait is no bound, and nanoTime sums must not wrap. */
  public static long atMostADay(Duration d) {
    return d.compareTo(Duration.ofDays(1)) > 0 ? TimeUnit.DAYS.toNanos(1) : d.toNanos();
  }

  /** True on the election's callback thread. */
  public boolean isCallbackThread() {
    return callbacks.isCallbackThread();
  }
}
