// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.spi.HoldSeat;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link FencedLock}'s seat on any {@link Backend}: each acquire {@linkplain Backend#join joins}
 * the contest for the lock path, the first term granted is the hold, and a release {@linkplain
 * Candidacy#leave leaves}. A candidacy takes one hold at most: a grant after the acquire gave up,
 * or after the hold, is refused (the backend gives it back), and an ended hold withdraws the
 * candidacy, so a lost lock is never retaken behind its holder's back.
 */
final class TermSeat implements HoldSeat<Hold>, Candidacy.Listener {
  private static final Logger log = LoggerFactory.getLogger(TermSeat.class);

  private final Backend backend;
  private final LockConfig config;
  private final LockMeters meters;
  private final FencedLock lock;
  private final Object holdLock = new Object();
  private volatile @Nullable Hold hold; // written under holdLock
  private @Nullable Candidacy candidacy; // of the attempt or the hold; under holdLock
  private boolean taking; // an acquire waits for a grant; under holdLock
  private boolean closed; // no hold begins once the lock closed; under holdLock

  TermSeat(Backend backend, LockConfig config, LockMeters meters, FencedLock lock) {
    this.backend = backend;
    this.config = config;
    this.meters = meters;
    this.lock = lock;
  }

  @Override
  public Optional<Hold> take(long deadline) throws InterruptedException {
    Contest contest =
        new Contest(config.path(), config.ownerId(), false, Duration.ZERO, config.meterRegistry());
    Hold taken = null;
    synchronized (holdLock) {
      refuseIfClosed();
      taking = true;
    }
    Candidacy c;
    try {
      c = backend.join(contest, this);
    } catch (RuntimeException | Error e) {
      synchronized (holdLock) {
        taking = false; // no candidacy to leave: a grant made to it anyway is refused
      }
      throw e;
    }
    try {
      synchronized (holdLock) {
        candidacy = c;
        while (hold == null && !closed) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            break;
          }
          TimeUnit.NANOSECONDS.timedWait(holdLock, left);
        }
        taking = false; // from now on every grant is refused
        refuseIfClosed(); // closed meanwhile: the finally below leaves, dropping any grant
        taken = hold;
      }
      return Optional.ofNullable(taken);
    } finally {
      if (taken == null) {
        synchronized (holdLock) {
          taking = false;
          candidacy = null;
          // A grant may land as the wait throws (interrupted): drop that hold, never handed out, so
          // the leave below ends nothing and the next take waits for its own grant.
          hold = null;
        }
        long now = System.nanoTime();
        c.leave(now, now); // nothing of the attempt stays
      }
    }
  }

  private void refuseIfClosed() {
    if (closed) {
      throw new IllegalStateException("the lock " + config.path() + " is closed");
    }
  }

  @Override
  public @Nullable Hold current() {
    return hold;
  }

  @Override
  public boolean granted(
      FencingToken token, String nodeName, Duration waited, BooleanSupplier valid) {
    synchronized (holdLock) {
      Hold h = hold;
      if (h != null) {
        return h.token().equals(token) && h.isActive();
      }
      if (!taking || closed || !valid.getAsBoolean()) {
        return false;
      }
      hold = new Hold(lock, token, nodeName, Instant.now());
      holdLock.notifyAll();
      return true;
    }
  }

  @Override
  public void suspended() {
    ended(null, RevocationReason.CONNECTION_SUSPENDED);
  }

  @Override
  public boolean ended(@Nullable FencingToken token, RevocationReason reason) {
    Candidacy c;
    Hold h;
    synchronized (holdLock) {
      h = hold;
      if (h == null || (token != null && !h.token().equals(token)) || !h.revoke(reason)) {
        return false;
      }
      c = candidacy;
    }
    meters.lost();
    log.warn(
        "{}: the hold of {} (token {}) is no longer valid: {}",
        config.ownerId(),
        config.path(),
        h.token(),
        reason);
    if (c != null) {
      c.withdraw(); // a lost hold is not taken again
    }
    return true;
  }

  @Override
  public void failed(VirtualMachineError e) {
    ended(null, RevocationReason.FAILED);
  }

  @Override
  public boolean release() {
    Hold h;
    Candidacy c;
    synchronized (holdLock) {
      h = hold;
      c = candidacy;
      hold = null;
      candidacy = null;
    }
    Objects.requireNonNull(h, "the hold of the thread that holds the lock");
    Objects.requireNonNull(c, "the candidacy of the hold");
    boolean active = h.revoke(RevocationReason.RESIGNED); // before the release is sent
    // An interrupt pending before this cleanup must not cut it short; it is restored.
    boolean interrupted = Thread.interrupted();
    try {
      long now = System.nanoTime();
      boolean confirmed = c.leave(now, now) && active;
      if (active && !confirmed) {
        log.warn(
            "{} released {} (token {}) without the backend's confirmation: release() returns"
                + " false",
            config.ownerId(),
            config.path(),
            h.token());
      }
      return confirmed;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void close(boolean heldByCaller) {
    synchronized (holdLock) {
      closed = true; // a take under way ends now, without a hold that nothing would follow
      holdLock.notifyAll();
    }
    if (heldByCaller) {
      return;
    }
    Hold h;
    Candidacy c;
    synchronized (holdLock) {
      h = hold;
      c = candidacy;
    }
    if (h != null && h.revoke(RevocationReason.CLOSED)) {
      log.warn(
          "closing {} while another thread holds it: that hold (token {}) ends now and is given"
              + " back",
          config.path(),
          h.token());
      if (c != null) {
        c.withdraw();
      }
    }
  }
}
