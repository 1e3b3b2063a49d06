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
 * The terms of one candidate on any {@link Backend}: begins, pauses, resumes and revokes them as
 * its {@link Candidacy} reports, queues callbacks, counts metrics. Terms change under the {@link
 * TermSlot}'s lock; a grant's validity (ZooKeeper: the queue was read in the current session epoch)
 * is checked under it, as the backend's ends and pauses are, so no term outlives its connection by
 * more than one event.
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
   * Joins on {@code backend} unless closed (IllegalStateException if the backend is); a concurrent
   * {@link #close} waits for the join, then leaves: an entry joined later would hold the others up.
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
        // Refused, but a current term of this token (paused as the grant went stale) stays held.
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

  /** The term ends and health fails; the candidacy withdraws, as it would hold the others up. */
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
   * Gives up the current term and goes on taking part; waits for a join under way. Throws
   * IllegalStateException if the start has not joined (its join threw, or has not begun).
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
   * Revokes with {@link RevocationReason#CLOSED} and leaves the contest once the callbacks queued
   * so far (this term's {@code revoked}, or an earlier one's) returned, so the successor begins
   * after them: the callback thread sends the leave; this call waits up to the drain timeout (from
   * a callback, not at all), then leaves itself. Returns within the longer of the backend's close
   * wait and the drain timeout.
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
      // An earlier term's revoked may still run: the successor must not begin before it returns.
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

  public boolean isCallbackThread() {
    return callbacks.isCallbackThread();
  }
}
