// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ConnectionPolicy;
import dev.baton.recipes.internal.ZkQueueStore;
import dev.baton.recipes.internal.queue.CandidateAction;
import dev.baton.recipes.internal.queue.CandidateMachine;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.QueueStore;
import dev.baton.recipes.kernel.Subscription;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A distributed, reentrant lock that hands its holder a fencing token, on ephemeral sequential
 * znodes with predecessor-only watches (a release wakes exactly one waiter).
 *
 * <p>Like Curator's InterProcessMutex: reentrant for the thread that holds it, {@link
 * #acquire(Duration)} with a timeout, {@link #release()} by the holding thread only. Unlike it,
 * each hold carries a {@linkplain LockHandle#token() fencing token} (the lock znode's czxid,
 * strictly increasing from one hold to the next) and is a {@link dev.baton.recipes.Term} whose
 * signal drops the moment the connection is suspended, the session lost or the lock znode deleted
 * by someone else; a hold is handed out only if the connection did not change since the queue was
 * read; release is owner-checked: it deletes only this hold's own znode, by name, never another
 * holder's. A release ends the hold first, then sends the delete and waits (boundedly) for its
 * answer, which tells whether the hold was still valid (see {@link #release()}): the lock is free
 * for the next contender once ZooKeeper applied the delete.
 *
 * <p>Lock or election? Take a lock for one bounded critical section (update one account, run one
 * migration); take an {@linkplain dev.baton.recipes.election.LeaderElection election} for an
 * ongoing role (a scheduler, an assigner) that should move on by itself when its owner dies and
 * that others observe. Either way, pass the token to a fence: a holder that paused past its session
 * still believes it holds the lock.
 *
 * <p>Thread-safe. Closing the lock releases a hold still open and stops watching the connection.
 */
public final class FencedLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(FencedLock.class);
  private static final String HELD = "the hold of the thread that holds the lock";

  private final BatonSession session;
  private final QueueStore store;
  private final LockConfig config;
  private final ReentrantLock local = new ReentrantLock();
  private final Subscription subscription;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Object holdLock = new Object();
  private final Counter acquired;
  private final Counter timeouts;
  private final Counter lost;
  private final Timer waits;
  private volatile @Nullable Hold hold; // written under holdLock; set while holdCount > 0

  /** Lock znodes whose watch fired (deleted or changed): no hold begins on them. Under holdLock. */
  private final Set<String> deadNodes =
      Collections.newSetFromMap(
          new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > 64;
            }
          });

  private int holdCount; // guarded by local (only the holding thread touches it)

  /** The attempt in progress, told of link changes; written by the thread holding {@code local}. */
  private volatile @Nullable LockAttempt attempt;

  private FencedLock(BatonSession session, LockConfig config) {
    this.session = session;
    this.store = new ZkQueueStore(session.curator(), session.liveness(), config.path());
    this.config = config;
    this.acquired =
        Counter.builder("baton.lock.acquired")
            .tag("lock", config.path())
            .register(config.meterRegistry());
    this.timeouts =
        Counter.builder("baton.lock.timeouts")
            .tag("lock", config.path())
            .register(config.meterRegistry());
    this.lost =
        Counter.builder("baton.lock.lost")
            .tag("lock", config.path())
            .register(config.meterRegistry());
    this.waits =
        Timer.builder("baton.lock.wait")
            .tag("lock", config.path())
            .register(config.meterRegistry());
    this.subscription = store.liveness().subscribe(this::onEpoch);
    session.closeWithSession(this);
  }

  /** A lock on {@code config.path()} through {@code session}. */
  public static FencedLock create(BatonSession session, LockConfig config) {
    return new FencedLock(
        Objects.requireNonNull(session, "session"), Objects.requireNonNull(config, "config"));
  }

  /**
   * Acquires the lock, waiting at most {@code timeout}; reentrant for the holding thread (then it
   * returns the same handle at once).
   *
   * @return the hold, or empty if the timeout passed first
   * @throws CoordinationException if ZooKeeper failed
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
      timeouts.increment();
      return Optional.empty();
    }
    if (holdCount > 0) {
      local.unlock(); // the local lock counts one level; holdCount counts the reentries
      holdCount++;
      return Optional.of(Objects.requireNonNull(hold, HELD));
    }
    boolean success = false;
    try {
      LockAttempt a = new LockAttempt(store, config, this::publish, this::nodeChanged);
      attempt = a; // before the attempt reads the epoch: no link change falls in between
      Optional<Hold> taken;
      try {
        taken = a.run(deadline);
      } finally {
        attempt = null;
      }
      if (taken.isEmpty()) {
        timeouts.increment();
        return Optional.empty();
      }
      holdCount = 1;
      success = true;
      acquired.increment();
      waits.record(Duration.ofNanos(System.nanoTime() - start));
      log.debug("{} holds {} with token {}", config.ownerId(), config.path(), taken.get().token());
      return Optional.of(taken.get());
    } finally {
      if (!success) {
        local.unlock();
      }
    }
  }

  /**
   * Releases one level of the current thread's hold; the last level ends the hold, deletes its lock
   * znode (only this hold's own) and tells whether the ensemble confirmed that the hold was still
   * valid.
   *
   * <p>In this order: the hold ends ({@link LockHandle#isActive()} turns false, {@link
   * LockHandle#checkActive()} throws, with {@link RevocationReason#RESIGNED}); then the delete is
   * sent on the session; then this waits for its answer, at most the session's {@linkplain
   * dev.baton.recipes.BatonSession#closeTimeout() close timeout} (for the link too, if it is down),
   * unless the hold had already ended before: then it does not wait at all.
   *
   * <ul>
   *   <li>no other contender is granted the lock before ZooKeeper has applied the delete, so no two
   *       holds are ever valid at once;
   *   <li>a next {@link #acquire} on the same session (by any thread, through this lock or another
   *       one on the same path) is ordered after the delete: ZooKeeper applies one session's
   *       requests in the order they were sent, so the new hold gets a higher token and does not
   *       wait behind the old znode (if the link was down at the release, the delete is sent once
   *       it is back, and an acquire that gets there first waits for it like for any predecessor);
   *   <li>a delete the ensemble does not confirm in time (the link failed, or no answer within the
   *       close timeout) goes on in the background and is sent again after the reconnection until
   *       the znode is gone; if the session ends first, the znode goes with it. Closing the lock or
   *       the session right after a release is fine.
   * </ul>
   *
   * @return true only if the hold had not ended before this call and the ensemble answered, within
   *     the close timeout, that this call's delete removed the hold's znode: the znode existed from
   *     the grant to the delete, so no other hold of the lock was granted in between. False in
   *     every other case, at once if the hold had ended before (the connection was suspended, the
   *     session lost, or, with {@link LockConfig#watchHeldNode()}, its znode deleted by someone
   *     else; {@link LockHandle#revocationReason()} tells why), else once the ensemble answered
   *     that the znode was gone already (the session expired, for example while this process was
   *     paused, or someone deleted the znode: the lock was lost while held) or the delete failed or
   *     got no answer in time (then nothing confirms the hold, though it may have been valid). A
   *     level other than the last ends no hold and returns true at once.
   * @throws IllegalMonitorStateException if the current thread does not hold the lock
   */
  public boolean release() {
    if (!local.isHeldByCurrentThread() || holdCount == 0) {
      throw new IllegalMonitorStateException("the current thread does not hold " + config.path());
    }
    if (--holdCount > 0) {
      return true;
    }
    Hold h;
    synchronized (holdLock) {
      h = hold;
      hold = null;
    }
    try {
      Objects.requireNonNull(h, HELD);
      if (h.revoke(RevocationReason.RESIGNED)) { // before the delete is sent
        return deleteConfirmed(h);
      }
      deleteInBackground(h);
      log.debug(
          "{} released {} (token {}) after the hold had ended: {}",
          config.ownerId(),
          config.path(),
          h.token(),
          h.revocationReason().orElse(null));
      return false;
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
    Hold h = hold;
    return h == null ? Optional.empty() : Optional.of(h.token());
  }

  /**
   * Releases a hold of the calling thread, if any (all its levels, see {@link #release()}: the hold
   * ends, its delete is sent and its answer awaited within the session's close timeout), and stops
   * following the session. A hold of another thread ends now ({@link RevocationReason#CLOSED}: the
   * lock no longer follows the connection, so it could not end it later), and its znode is deleted
   * when that thread releases it, or goes with the session.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    subscription.close();
    session.detach(this);
    if (isHeldByCurrentThread()) {
      holdCount = 1;
      release();
      return;
    }
    synchronized (holdLock) {
      Hold h = hold;
      if (h != null && h.revoke(RevocationReason.CLOSED)) {
        log.warn(
            "closing {} while another thread holds it: that hold (token {}) ends now; its znode is"
                + " deleted when that thread releases it, or goes with the session",
            config.path(),
            h.token());
      }
    }
  }

  String path() {
    return config.path();
  }

  /**
   * Deletes the hold's own znode and waits for the answer at most the session's close timeout: true
   * only if the ensemble answered that this delete removed it. What is not confirmed goes on in the
   * background ({@link QueueStore#deleteWithin}), or with the session.
   */
  private boolean deleteConfirmed(Hold h) {
    // A release is cleanup: an interrupt pending before it (a cancelled task that releases in its
    // finally block) must not cut the wait for the answer short. It is restored.
    boolean interrupted = Thread.interrupted();
    try {
      QueueStore.Deletion d = store.deleteWithin(nameOf(h), session.closeTimeout());
      if (d == QueueStore.Deletion.DELETED) {
        return true;
      }
      if (d == QueueStore.Deletion.GONE) {
        lost.increment();
        log.warn(
            "{} released {} (token {}) but its znode was already gone: the lock was lost while"
                + " held (the session expired, or someone deleted the znode); release() returns"
                + " false",
            config.ownerId(),
            config.path(),
            h.token());
      } else {
        log.warn(
            "{} released {} (token {}) without the ensemble's confirmation ({}, closeTimeout {}"
                + " ms): release() returns false; the znode is deleted in the background if the"
                + " link comes back, or goes with the session",
            config.ownerId(),
            config.path(),
            h.token(),
            d == QueueStore.Deletion.NO_ANSWER ? "no answer in time" : "the request failed",
            session.closeTimeout().toMillis());
      }
      return false;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Sends the delete of a hold that had already ended and returns at once: Curator's guaranteed
   * delete (see {@link QueueStore#deleteInBackground}) sends it now if the link is up, else once it
   * is back, and sends it again after a connection loss until the znode is gone or the session
   * ended. It can only fail to be sent when the session's client is closed already, which ended the
   * session and took the znode with it.
   */
  private void deleteInBackground(Hold h) {
    try {
      store.deleteInBackground(nameOf(h));
    } catch (RuntimeException e) {
      log.warn(
          "{} released {} (token {}) but could not send the delete of {} ({}): it goes with the"
              + " session",
          config.ownerId(),
          config.path(),
          h.token(),
          h.nodePath(),
          e.toString());
    }
  }

  private static String nameOf(Hold h) {
    return h.nodePath().substring(h.nodePath().lastIndexOf('/') + 1);
  }

  /**
   * Publishes a hold unless the epoch changed since the queue was read in {@code epoch}, or the
   * watch of its znode already fired.
   */
  private @Nullable Hold publish(long epoch, long token, String nodePath) {
    synchronized (holdLock) {
      if (store.liveness().current().number() != epoch || deadNodes.contains(nodePath)) {
        return null;
      }
      hold =
          new Hold(
              this,
              FencingToken.of(config.path(), token),
              nodePath,
              store.liveness().current(),
              Instant.now());
      return hold;
    }
  }

  /**
   * On the session's event thread: a suspended or lost link ends the hold at once; an attempt in
   * progress hears of every change.
   */
  private void onEpoch(ConnectionEpoch epoch) {
    LockAttempt inProgress = attempt;
    if (inProgress != null) {
      inProgress.linkChanged(epoch);
    }
    Hold h = hold;
    if (h != null && h.outlivedBy(epoch)) {
      end(RevocationReason.SESSION_LOST, "connected in another session: " + epoch);
    }
    CandidateMachine.linkReaction(ConnectionPolicy.STANDARD, epoch)
        .filter(a -> a instanceof CandidateAction.Revoke)
        .ifPresent(a -> end(((CandidateAction.Revoke) a).reason(), epoch.toString()));
  }

  /** On the store's event thread: the held znode was deleted (or changed) by someone else. */
  private void nodeChanged(String nodePath) {
    synchronized (holdLock) {
      deadNodes.add(nodePath); // also before the hold: a listing in flight may grant it
      Hold h = hold;
      if (h != null && h.nodePath().equals(nodePath)) {
        end(RevocationReason.NODE_DELETED, "its znode " + nodePath + " was deleted");
      }
    }
  }

  private void end(RevocationReason reason, String why) {
    synchronized (holdLock) {
      Hold h = hold;
      if (h != null && h.revoke(reason)) {
        log.warn(
            "{}: the hold of {} (token {}) is no longer valid: {}",
            config.ownerId(),
            config.path(),
            h.token(),
            why);
        if (reason != RevocationReason.CONNECTION_SUSPENDED) {
          lost.increment();
        }
      }
    }
  }
}
