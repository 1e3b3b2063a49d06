package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.election.ConnectionPolicy;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of one candidate that the threads share, and the transitions between its terms.
 *
 * <p>Three kinds of thread meet here. Curator's connection-state thread calls {@link #stateChanged};
 * the candidate's own loop thread ({@link CandidateLoop}) does all ZooKeeper I/O and calls
 * {@link #lead}; the user's callbacks run on the {@link CallbackDispatcher}'s thread. Every change of
 * the current term happens under {@code lock}, which is never held while user code or ZooKeeper I/O
 * runs, and callbacks are queued under it, so that {@code revoked} can never overtake its
 * {@code elected}. Revocation on a suspended or lost connection happens right on the connection-state
 * thread: it never waits behind a ZooKeeper call in progress on the loop.
 *
 * <p>A term may only begin if the connection stayed up since the loop checked the candidate's znode:
 * every connection event bumps {@code epoch}, and {@link #lead} refuses a stale epoch.
 */
public final class ElectionCore implements ConnectionStateListener {
  private static final Logger log = LoggerFactory.getLogger(ElectionCore.class);

  private final ElectionConfig config;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final CandidateLoop loop;
  private final Object lock = new Object();

  private boolean connected;
  private long epoch;
  private boolean closed;
  private LeadershipHandle current;
  private Instant lastTransition;

  public ElectionCore(CuratorFramework client, ElectionConfig config, LeadershipListener listener) {
    this.config = config;
    this.metrics = new ElectionMetrics(config.meterRegistry(), config.path(), config.participantId());
    String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    String threadName = config.participantId() + "@" + config.path();
    this.callbacks = new CallbackDispatcher(threadName, listener, metrics, this::onElectedFailure);
    this.loop = new CandidateLoop(client, config, key, metrics, this, threadName);
  }

  /** Registers for connection events and enters the queue. */
  public void start(CuratorFramework client) {
    client.getConnectionStateListenable().addListener(this);
    synchronized (lock) {
      connected = client.getZookeeperClient().isConnected();
      epoch++;
    }
    loop.requestReconcile();
  }

  @Override
  public void stateChanged(CuratorFramework client, ConnectionState state) {
    log.debug("participant {} on {}: connection {}", config.participantId(), config.path(), state);
    switch (state) {
      case SUSPENDED, READ_ONLY -> {
        synchronized (lock) {
          connected = false;
          epoch++;
          if (current != null && config.connectionPolicy() == ConnectionPolicy.STANDARD) {
            revokeLocked(RevocationReason.CONNECTION_SUSPENDED);
          } else if (current != null && current.pause()) {
            metrics.paused();
            callbacks.paused(current);
            log.warn("participant {} pauses its term {} on {}: connection suspended",
                config.participantId(), current.token(), config.path());
          }
        }
      }
      case LOST -> {
        long jitterNanos = config.reentryJitter().toNanos();
        long delay = jitterNanos == 0 ? 0 : ThreadLocalRandom.current().nextLong(jitterNanos + 1);
        loop.delayReentry(delay);
        synchronized (lock) {
          connected = false;
          epoch++;
          revokeLocked(RevocationReason.SESSION_LOST);
        }
      }
      case CONNECTED, RECONNECTED -> {
        synchronized (lock) {
          connected = true;
          epoch++;
        }
        loop.requestReconcile();
      }
      default -> log.warn("unexpected connection state {}", state);
    }
  }

  /** The connection epoch if connected and open; empty otherwise. Called by the loop. */
  Optional<Long> connectedEpoch() {
    synchronized (lock) {
      return connected && !closed ? Optional.of(epoch) : Optional.empty();
    }
  }

  /**
   * Begins (or, after a pause, resumes) the term whose token is {@code token}, unless the connection
   * changed since {@code seenEpoch}. Called by the loop after it verified its znode is first.
   */
  void lead(long seenEpoch, FencingToken token, String nodePath, Duration waited) {
    synchronized (lock) {
      if (closed || !connected || epoch != seenEpoch) {
        return;
      }
      if (current != null) {
        if (current.token().equals(token)) {
          if (current.resume()) {
            metrics.resumed();
            callbacks.resumed(current);
            log.info("participant {} resumes its term {} on {}", config.participantId(), token,
                config.path());
            lock.notifyAll();
          }
          return;
        }
        revokeLocked(RevocationReason.NODE_DELETED);
      }
      current = new LeadershipHandle(config.participantId(), token, nodePath,
          config.clock().instant());
      lastTransition = current.electedAt();
      metrics.elected(token.value(), waited);
      callbacks.elected(current);
      lock.notifyAll();
    }
    log.info("participant {} leads {} with token {}", config.participantId(), config.path(), token);
  }

  /** Ends the current term, if any, for {@code reason}. */
  void revoke(RevocationReason reason) {
    synchronized (lock) {
      revokeLocked(reason);
    }
  }

  /** Ends the term {@code expected} if it is still the current one; true if it was. */
  boolean revokeIfCurrent(LeadershipHandle expected, RevocationReason reason) {
    synchronized (lock) {
      if (current != expected) {
        return false;
      }
      revokeLocked(reason);
      return true;
    }
  }

  private void revokeLocked(RevocationReason reason) {
    LeadershipHandle h = current;
    current = null;
    if (h == null || !h.revoke(reason)) {
      return;
    }
    lastTransition = config.clock().instant();
    metrics.revoked(reason);
    if (config.interruptOnRevoke()) {
      callbacks.interruptIfRunning(h);
    }
    callbacks.revoked(h, reason);
    lock.notifyAll();
    log.info("participant {} no longer leads {} (token {}): {}", config.participantId(),
        config.path(), h.token(), reason);
  }

  private void onElectedFailure(LeadershipHandle h) {
    if (config.resignOnCallbackFailure()) {
      loop.resign(h, RevocationReason.CALLBACK_FAILED);
    }
  }

  /** Gives up the current term and re-enters at the back of the queue. */
  public void resign() {
    loop.resign(null, RevocationReason.RESIGNED);
  }

  /** The current term, active or paused. */
  public Optional<Leadership> leadership() {
    synchronized (lock) {
      return Optional.ofNullable(current);
    }
  }

  /** True while this candidate holds an active term. */
  public boolean isLeader() {
    synchronized (lock) {
      return current != null && current.isActive();
    }
  }

  /** Waits for an active term. */
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (lock) {
      while (!closed && (current == null || !current.isActive())) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return Optional.empty();
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return closed ? Optional.empty() : Optional.of(current);
    }
  }

  public boolean isConnected() {
    synchronized (lock) {
      return connected;
    }
  }

  public Optional<Instant> lastTransition() {
    synchronized (lock) {
      return Optional.ofNullable(lastTransition);
    }
  }

  public long callbackFailures() {
    return metrics.callbackFailures();
  }

  /** Leaves the election: revokes with {@link RevocationReason#CLOSED} and deletes the znode. */
  public void close(CuratorFramework client) {
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      revokeLocked(RevocationReason.CLOSED);
    }
    client.getConnectionStateListenable().removeListener(this);
    try {
      loop.close();
    } catch (CoordinationException e) {
      log.warn("participant {} could not delete its znode on close; the session's end will", 
          config.participantId(), e);
    }
    callbacks.shutdown(config.callbackDrainTimeout());
  }

  /** True on the election's callback thread. */
  public boolean isCallbackThread() {
    return callbacks.isCallbackThread();
  }
}
