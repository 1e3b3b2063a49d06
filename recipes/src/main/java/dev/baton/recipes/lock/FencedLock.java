// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.spi.HoldSeat;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A distributed, reentrant lock (like Curator's InterProcessMutex) on any {@link Backend}; each
 * hold carries a {@linkplain LockHandle#token() fencing token}, strictly increasing per lock path,
 * to pass to a fence. A hold is a {@link dev.baton.recipes.Term} that ends once the backend cannot
 * vouch for it: on ZooKeeper when the connection is suspended, the session lost or (with {@link
 * LockConfig#watchHeldNode()}) the znode deleted; on a lease row when a renewal is refused or
 * fails, or at its local deadline. For an ongoing role, use an {@linkplain
 * dev.baton.recipes.election.LeaderElection election}. Thread-safe; closing releases an open hold.
 */
public final class FencedLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(FencedLock.class);
  private static final String HELD = "the hold of the thread that holds the lock";

  private final Backend backend;
  private final LockConfig config;
  private final LockMeters meters;
  private final HoldSeat<Hold> seat;
  private final ReentrantLock local = new ReentrantLock();
  private final AtomicBoolean closed = new AtomicBoolean();
  private int holdCount; // guarded by local (only the holding thread touches it)

  private FencedLock(Backend backend, LockConfig config) {
    this.backend = backend;
    this.config = config;
    this.meters = new LockMeters(config);
    // ZooKeeper keeps its own seat (attempt on the caller's thread, create and listing pipelined).
    this.seat =
        backend instanceof BatonSession session
            ? session.lockSeat(
                config.path(),
                config.ownerId(),
                config.watchHeldNode(),
                new HoldSeat.Holds<>() {
                  @Override
                  public Hold begin(FencingToken token, String nodePath) {
                    return new Hold(FencedLock.this, token, nodePath, Instant.now());
                  }

                  @Override
                  public void lost() {
                    meters.lost();
                  }
                })
            : new TermSeat(backend, config, meters, this);
    backend.closeWith(this);
  }

  /** A lock on {@code config.path()} of {@code backend} (a session, or a lease backend's row). */
  public static FencedLock create(Backend backend, LockConfig config) {
    return new FencedLock(
        Objects.requireNonNull(backend, "backend"), Objects.requireNonNull(config, "config"));
  }

  /**
   * Acquires the lock, waiting at most {@code timeout}; reentrant for the holding thread (the same
   * handle at once). A close during the wait takes no hold: the acquire throws once its turn came,
   * or returns empty at its timeout.
   *
   * @return the hold, or empty if the timeout passed first
   * @throws CoordinationException if the backend failed
   * @throws IllegalStateException if the lock is closed, before or during the call
   * @throws InterruptedException if interrupted while waiting
   */
  public Optional<LockHandle> acquire(Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout");
    if (closed.get()) {
      throw new IllegalStateException("the lock " + config.path() + " is closed");
    }
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    if (!local.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
      meters.timedOut();
      return Optional.empty();
    }
    if (closed.get()) { // closed while this thread waited: a hold now would go unfollowed
      local.unlock();
      throw new IllegalStateException("the lock " + config.path() + " is closed");
    }
    if (holdCount > 0) {
      local.unlock(); // the local lock counts one level; holdCount counts the reentries
      holdCount++;
      return Optional.of(Objects.requireNonNull(seat.current(), HELD));
    }
    boolean success = false;
    try {
      Optional<Hold> taken = seat.take(deadline);
      if (taken.isEmpty()) {
        meters.timedOut();
        return Optional.empty();
      }
      holdCount = 1;
      success = true;
      meters.acquired(start);
      log.debug("{} holds {} with token {}", config.ownerId(), config.path(), taken.get().token());
      return Optional.of(taken.get());
    } finally {
      if (!success) {
        local.unlock();
      }
    }
  }

  /**
   * Releases one level of the current thread's hold; the last ends the hold ({@link
   * RevocationReason#RESIGNED}) and gives its own znode or row back, waiting at most the session's
   * {@linkplain BatonSession#closeTimeout() close timeout} (ZooKeeper) or the renew timeout plus a
   * second (lease). No other contender gets the lock before the backend applied the release; on
   * ZooKeeper a next {@link #acquire} on the same session is ordered after the delete, and an
   * unconfirmed delete goes on in the background; a failed row release expires.
   *
   * @return true for an inner level, or if the hold was still valid and the backend confirmed
   *     within the bound that this release removed it (so no other hold came in between); else
   *     false ({@link LockHandle#revocationReason()} tells if the hold had ended)
   * @throws IllegalMonitorStateException if the current thread does not hold the lock
   */
  public boolean release() {
    if (!local.isHeldByCurrentThread() || holdCount == 0) {
      throw new IllegalMonitorStateException("the current thread does not hold " + config.path());
    }
    if (--holdCount > 0) {
      return true;
    }
    try {
      return seat.release();
    } finally {
      local.unlock();
    }
  }

  /** True if the current thread holds the lock. */
  public boolean isHeldByCurrentThread() {
    return local.isHeldByCurrentThread() && holdCount > 0;
  }

  /** The current hold's token, if the lock is held by any thread of this instance. */
  public Optional<FencingToken> token() {
    Hold h = seat.current();
    return h == null ? Optional.empty() : Optional.of(h.token());
  }

  /**
   * Releases the calling thread's hold, if any (all levels), and stops following the backend. A
   * hold of another thread ends now ({@link RevocationReason#CLOSED}: nothing could end it later)
   * and is given back when that thread releases it, or with the session or lease.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    backend.detach(this);
    boolean mine = isHeldByCurrentThread();
    seat.close(mine);
    if (mine) {
      holdCount = 1;
      release();
    }
  }

  String path() {
    return config.path();
  }
}
