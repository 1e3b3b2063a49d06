// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The current term of one candidate, for {@link ElectionTerms}: begins, revokes, awaits it. Every
 * change happens under {@code lock}, never held while user code or store I/O runs; callbacks are
 * queued under it, so {@code revoked} never overtakes its {@code elected}.
 */
final class TermSlot {
  private static final Logger log = LoggerFactory.getLogger(TermSlot.class);

  /** Guards the term and the owner's own state; notified on every change. */
  final Object lock = new Object();

  private final ElectionConfig config;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final String where; // what is elected, for logs: the election path, or the lease row
  private volatile @Nullable LeadershipHandle current; // written under lock; read without it
  private @Nullable Instant lastTransition; // under lock
  private boolean closed; // under lock

  TermSlot(
      ElectionConfig config, ElectionMetrics metrics, CallbackDispatcher callbacks, String where) {
    this.config = config;
    this.metrics = metrics;
    this.callbacks = callbacks;
    this.where = where;
  }

  /** The current term, active or paused; read without the lock. */
  @Nullable LeadershipHandle current() {
    return current;
  }

  /** Makes {@code h} the current term and queues its {@code elected}. Under lock. */
  void beginLocked(LeadershipHandle h, Duration waited) {
    current = h;
    lastTransition = h.electedAt();
    metrics.elected(h.token().value(), waited);
    callbacks.elected(h);
    lock.notifyAll();
  }

  // Ends the current term; returns it if this call did, to log outside the lock (slows handover).
  @Nullable LeadershipHandle revokeLocked(RevocationReason reason) {
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

  /** Marks the slot closed; false if it already was. Under lock. */
  boolean closeLocked() {
    if (closed) {
      return false;
    }
    closed = true;
    lock.notifyAll();
    return true;
  }

  boolean isClosedLocked() {
    return closed;
  }

  void logElected(LeadershipHandle h) {
    log.info("participant {} leads {} with token {}", config.participantId(), where, h.token());
  }

  void logRevoked(@Nullable LeadershipHandle ended, RevocationReason reason) {
    if (ended != null) {
      log.info(
          "participant {} no longer leads {} (token {}): {}",
          config.participantId(),
          where,
          ended.token(),
          reason);
    }
  }

  /** After a close revoked {@code ended}: waits for its {@code revoked} until {@code deadline}. */
  void awaitRevokedCallback(@Nullable LeadershipHandle ended, long deadline) {
    if (ended != null
        && !callbacks.awaitQueued(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))
        && !callbacks.isCallbackThread()) {
      log.warn(
          "participant {} leaves {} before its revoked callback for token {} returned: it took"
              + " longer than the callback drain timeout {}",
          config.participantId(),
          where,
          ended.token(),
          config.callbackDrainTimeout());
    }
  }

  Optional<Leadership> leadership() {
    return Optional.ofNullable(current);
  }

  /** True while the current term is active; takes no lock. */
  boolean isLeader() {
    LeadershipHandle h = current;
    return h != null && h.isActive();
  }

  /** Waits for an active term; empty on timeout or once closed. */
  Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (lock) {
      while (!closed) {
        LeadershipHandle h = current;
        if (h != null && h.isActive()) {
          return Optional.of(h);
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return Optional.empty();
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return Optional.empty();
    }
  }

  Optional<Instant> lastTransition() {
    synchronized (lock) {
      return Optional.ofNullable(lastTransition);
    }
  }
}
