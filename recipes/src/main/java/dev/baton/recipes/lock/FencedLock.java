package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A distributed, reentrant lock that hands its holder a fencing token, on ephemeral sequential znodes
 * with predecessor-only watches (a release wakes exactly one waiter).
 *
 * <p>Like Curator's InterProcessMutex: reentrant for the thread that holds it, {@link #acquire(Duration)}
 * with a timeout, {@link #release()} by the holding thread only. Unlike it, each hold carries a
 * {@linkplain LockHandle#token() fencing token} (the lock znode's czxid, strictly increasing from one
 * hold to the next) and a validity flag that drops the moment the connection is suspended; release is
 * owner-checked: it deletes only this hold's own znode, by name and version, never another holder's.
 *
 * <p>Lock or election? Take a lock for one bounded critical section (update one account, run one
 * migration); take an {@linkplain dev.baton.recipes.election.LeaderElection election} for an ongoing role
 * (a scheduler, an assigner) that should move on by itself when its owner dies and that others observe.
 * Either way, pass the token to a fence: a holder that paused past its session still believes it holds
 * the lock.
 *
 * <p>Thread-safe. Closing the lock releases a hold still open and stops watching the connection.
 */
public final class FencedLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(FencedLock.class);

  private final BatonSession session;
  private final CuratorFramework client;
  private final LockConfig config;
  private final ReentrantLock local = new ReentrantLock();
  private final ConnectionStateListener listener = this::onConnection;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Counter acquired;
  private final Counter timeouts;
  private final Counter lost;
  private final Timer waits;
  private volatile Hold hold;
  private int holdCount; // guarded by local (only the holding thread touches it)

  private FencedLock(BatonSession session, LockConfig config) {
    this.session = session;
    this.client = session.curator();
    this.config = config;
    this.acquired = Counter.builder("baton.lock.acquired").tag("lock", config.path())
        .register(config.meterRegistry());
    this.timeouts = Counter.builder("baton.lock.timeouts").tag("lock", config.path())
        .register(config.meterRegistry());
    this.lost = Counter.builder("baton.lock.lost").tag("lock", config.path())
        .register(config.meterRegistry());
    this.waits = Timer.builder("baton.lock.wait").tag("lock", config.path())
        .register(config.meterRegistry());
    client.getConnectionStateListenable().addListener(listener);
    session.closeWithSession(this);
  }

  /** A lock on {@code config.path()} through {@code session}. */
  public static FencedLock create(BatonSession session, LockConfig config) {
    return new FencedLock(Objects.requireNonNull(session, "session"), Objects.requireNonNull(config,
        "config"));
  }

  /**
   * Acquires the lock, waiting at most {@code timeout}; reentrant for the holding thread (then it
   * returns the same handle at once).
   *
   * @return the hold, or empty if the timeout passed first
   * @throws CoordinationException if ZooKeeper failed
   * @throws IllegalStateException if the lock is closed
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
      return Optional.of(hold);
    }
    boolean success = false;
    try {
      Optional<Hold> taken = new LockAttempt(client, config, this::handleFor).run(deadline);
      if (taken.isEmpty()) {
        timeouts.increment();
        return Optional.empty();
      }
      hold = taken.get();
      holdCount = 1;
      success = true;
      acquired.increment();
      waits.record(Duration.ofNanos(System.nanoTime() - start));
      log.debug("{} holds {} with token {}", config.ownerId(), config.path(), hold.token());
      return Optional.of(hold);
    } finally {
      if (!success) {
        local.unlock();
      }
    }
  }

  /**
   * Releases one level of the current thread's hold; the last level deletes the lock znode (only this
   * hold's own znode, checked by name and version).
   *
   * @return false if the znode was already gone (the lock was lost while held), else true
   * @throws IllegalMonitorStateException if the current thread does not hold the lock
   */
  public boolean release() {
    if (!local.isHeldByCurrentThread() || holdCount == 0) {
      throw new IllegalMonitorStateException("the current thread does not hold " + config.path());
    }
    if (--holdCount > 0) {
      return true;
    }
    Hold h = hold;
    hold = null;
    try {
      h.invalidate();
      boolean deleted = LockAttempt.deleteOwn(client, h.nodePath());
      if (!deleted) {
        lost.increment();
        log.warn("{} released {} (token {}) but its znode was already gone: the lock was lost while "
            + "held", config.ownerId(), config.path(), h.token());
      }
      return deleted;
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

  /** Releases a hold of the calling thread, if any, and stops watching the connection. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    client.getConnectionStateListenable().removeListener(listener);
    session.detach(this);
    if (isHeldByCurrentThread()) {
      holdCount = 1;
      release();
    } else if (hold != null) {
      log.warn("closing {} while another thread holds it; its znode goes with the session",
          config.path());
    }
  }

  private Hold handleFor(String nodePath, long czxid) {
    return new Hold(this, FencingToken.of(config.path(), czxid), nodePath);
  }

  private void onConnection(CuratorFramework c, ConnectionState state) {
    if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST
        || state == ConnectionState.READ_ONLY) {
      Hold h = hold;
      if (h != null && h.invalidate()) {
        log.warn("{}: the hold of {} (token {}) is no longer valid: connection {}", config.ownerId(),
            config.path(), h.token(), state);
        if (state == ConnectionState.LOST) {
          lost.increment();
        }
      }
    }
  }

  /** One hold. */
  static final class Hold implements LockHandle {
    private final FencedLock lock;
    private final FencingToken token;
    private final String nodePath;
    private final AtomicBoolean valid = new AtomicBoolean(true);

    Hold(FencedLock lock, FencingToken token, String nodePath) {
      this.lock = lock;
      this.token = token;
      this.nodePath = nodePath;
    }

    @Override
    public FencingToken token() {
      return token;
    }

    @Override
    public String nodePath() {
      return nodePath;
    }

    @Override
    public boolean isValid() {
      return valid.get();
    }

    boolean invalidate() {
      return valid.compareAndSet(true, false);
    }

    @Override
    public void close() {
      lock.release();
    }

    @Override
    public String toString() {
      return "LockHandle{" + nodePath + ", " + token + (isValid() ? "" : ", invalid") + "}";
    }
  }
}
