// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A distributed, reentrant lock that hands its holder a fencing token, on any {@link Backend}.
 *
 * <p>Like Curator's InterProcessMutex: reentrant for the thread that holds it, {@link
 * #acquire(Duration)} with a timeout, {@link #release()} by the holding thread only. Unlike it,
 * each hold carries a {@linkplain LockHandle#token() fencing token}, strictly increasing from one
 * hold of the lock path to the next, and is a {@link dev.baton.recipes.Term} whose signal drops the
 * moment the backend can no longer vouch for it; release is owner-checked and tells whether the
 * backend confirmed that the hold was still valid (see {@link #release()}).
 *
 * <ul>
 *   <li>On ZooKeeper (a {@link BatonSession}): ephemeral sequential znodes with predecessor-only
 *       watches (a release wakes exactly one waiter); the token is the lock znode's czxid; a hold
 *       ends the moment the connection is suspended, the session lost or (with {@link
 *       LockConfig#watchHeldNode()}) the lock znode deleted by someone else; it is handed out only
 *       if the connection did not change since the queue was read.
 *   <li>On a lease row (a {@link dev.baton.recipes.lease.LeaseBackend}): the row named by the lock
 *       path, taken with one conditional statement and renewed in the background while held; the
 *       token comes from the table's sequence; a hold ends when a renewal is refused or fails, or
 *       at its local deadline. Waiters poll (on PostgreSQL they also wake on a release).
 * </ul>
 *
 * <p>Lock or election? Take a lock for one bounded critical section (update one account, run one
 * migration); take an {@linkplain dev.baton.recipes.election.LeaderElection election} for an
 * ongoing role that should move on by itself when its owner dies. Either way, pass the token to a
 * fence: a holder that paused past its session or lease still believes it holds the lock.
 *
 * <p>Thread-safe. Closing the lock releases a hold still open and stops following the backend.
 */
public final class FencedLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(FencedLock.class);
  private static final String HELD = "the hold of the thread that holds the lock";

  private final Backend backend;
  private final LockConfig config;
  private final LockMeters meters;
  private final LockSeat seat;
  private final ReentrantLock local = new ReentrantLock();
  private final AtomicBoolean closed = new AtomicBoolean();
  private int holdCount; // guarded by local (only the holding thread touches it)

  private FencedLock(Backend backend, LockConfig config) {
    this.backend = backend;
    this.config = config;
    this.meters = new LockMeters(config);
    // ZooKeeper keeps its own seat: the attempt runs on the caller's thread, and its create and
    // listing are pipelined. Any other backend takes its holds as terms through the seam.
    this.seat =
        backend instanceof BatonSession session
            ? new QueueSeat(session, config, meters, this)
            : new TermSeat(backend, config, meters, this);
    backend.closeWith(this);
  }

  /**
   * A lock on {@code config.path()} of {@code backend}: a {@link BatonSession} or a {@link
   * dev.baton.recipes.lease.LeaseBackend} (whose row is named by the path).
   *
   * @throws NullPointerException if an argument is null
   */
  public static FencedLock create(Backend backend, LockConfig config) {
    return new FencedLock(
        Objects.requireNonNull(backend, "backend"), Objects.requireNonNull(config, "config"));
  }

  /**
   * Acquires the lock, waiting at most {@code timeout}; reentrant for the holding thread (then it
   * returns the same handle at once).
   *
   * @return the hold, or empty if the timeout passed first
   * @throws CoordinationException if the backend failed
   * @throws IllegalStateException if the lock is closed
   * @throws InterruptedException if the calling thread is interrupted while waiting
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
   * Releases one level of the current thread's hold; the last level ends the hold, gives it back to
   * the backend (only this hold's own znode or row) and tells whether the backend confirmed that
   * the hold was still valid.
   *
   * <p>In this order: the hold ends ({@link LockHandle#isActive()} turns false, {@link
   * LockHandle#checkActive()} throws, with {@link RevocationReason#RESIGNED}); then the release is
   * sent; then this waits for its answer, at most the session's {@linkplain
   * BatonSession#closeTimeout() close timeout} (for the link too, if it is down) on ZooKeeper, or
   * the lease's renew timeout and a second on a lease row, unless the hold had already ended
   * before: then it does not wait for an answer.
   *
   * <ul>
   *   <li>no other contender is granted the lock before the backend has applied the release, so no
   *       two holds are ever valid at once;
   *   <li>on ZooKeeper, a next {@link #acquire} on the same session is ordered after the delete
   *       (one session's requests are applied in the order they were sent), so the new hold gets a
   *       higher token and does not wait behind the old znode; a delete the ensemble does not
   *       confirm in time goes on in the background until the znode is gone or the session ended;
   *   <li>on a lease row, a release that fails leaves the row to expire.
   * </ul>
   *
   * @return true only if the hold had not ended before this call and the backend answered, within
   *     the bound, that this call's release removed the hold (the znode existed from the grant to
   *     the delete; the release statement matched this holder and token), so no other hold of the
   *     lock was granted in between. False in every other case: at once if the hold had ended
   *     before ({@link LockHandle#revocationReason()} tells why), else once the backend answered
   *     that the hold was gone already (the lock was lost while held) or the release failed or got
   *     no answer in time. A level other than the last ends no hold and returns true at once.
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
   * Releases a hold of the calling thread, if any (all its levels, see {@link #release()}), and
   * stops following the backend. A hold of another thread ends now ({@link
   * RevocationReason#CLOSED}: the lock no longer follows the backend, so it could not end it
   * later), and it is given back when that thread releases it, or goes with the session or lease.
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
