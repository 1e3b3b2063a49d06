// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.ElectionObserver;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.Participant;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.Liveness;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The terms of one candidate: begins, pauses, resumes and revokes them, and queues the callbacks.
 *
 * <p>Every change of the current term happens under {@code lock}, which is never held while user
 * code or store I/O runs; callbacks are queued under it, so {@code revoked} never overtakes its
 * {@code elected}. A term begins only if the session's epoch is still the one in which the queue
 * was read ({@link #lead}), checked under the same lock with which the session's event thread
 * revokes or pauses terms ({@link #revoke}, {@link #pause}), so no term outlives the connection it
 * began on by more than the delivery of one event. The decisions are the {@link
 * dev.baton.recipes.internal.queue.CandidateMachine}'s; the I/O is the {@link CandidateRunner}'s.
 */
public final class ElectionCore implements ElectionEngine {
  private static final Logger log = LoggerFactory.getLogger(ElectionCore.class);
  private static final int MAX_DEAD_NODES = 64;

  private final ElectionConfig config;
  private final Liveness liveness;
  private final ElectionMetrics metrics;
  private final CallbackDispatcher callbacks;
  private final TermSlot slot;
  private final Object lock; // the slot's: guards the term and the fields below
  private final CandidateRunner runner;
  private final Runnable leave;
  private final ElectionObserver observer;

  /** The session of the current term's node, and the epoch it began in. Under lock. */
  private long termSession;

  private long termEpoch;

  /** Own nodes whose watch fired (deleted or changed): no term begins on them again. */
  private final Set<String> deadNodes =
      Collections.newSetFromMap(
          new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > MAX_DEAD_NODES;
            }
          });

  private volatile @Nullable VirtualMachineError failure;

  public ElectionCore(
      dev.baton.recipes.kernel.QueueStore store,
      ElectionConfig config,
      LeadershipListener listener,
      ElectionObserver observer) {
    this.config = config;
    this.observer = observer;
    this.liveness = store.liveness();
    this.metrics =
        new ElectionMetrics(config.meterRegistry(), config.path(), config.participantId());
    String name = config.participantId() + "@" + config.path();
    this.callbacks =
        new CallbackDispatcher(name, listener, metrics, this::onElectedFailure, this::fail);
    this.slot = new TermSlot(config, metrics, callbacks, config.path());
    this.lock = slot.lock;
    this.runner = new CandidateRunner(store, config, this, metrics, name);
    this.leave = runner::close; // linked now, not on the way of a shutdown's first close
  }

  /** Enters the queue. */
  @Override
  public void start() {
    runner.start();
  }

  /**
   * Begins the term of {@code nodePath} with {@code token}, or resumes it if it is the current one,
   * unless the epoch is no longer {@code epoch} or that node's watch already fired; true if a term
   * of {@code token} is current after the call (begun, resumed, or held from before).
   */
  boolean lead(long epoch, FencingToken token, String nodePath, Duration waited) {
    LeadershipHandle ended;
    LeadershipHandle begun;
    synchronized (lock) {
      LeadershipHandle current = slot.current();
      ConnectionEpoch now = liveness.current(); // read once: its number and session belong together
      if (slot.isClosedLocked()
          || failure != null
          || now.number() != epoch
          || deadNodes.contains(nodePath)) {
        // Refused; but a term of this token that is already current (paused by the link change
        // that made the epoch stale) stays the machine's to end: report it as held.
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
      termSession = now.sessionId(); // the epoch's: the one the queue was read in
      termEpoch = epoch;
      begun =
          new LeadershipHandle(config.participantId(), token, nodePath, config.clock().instant());
      slot.beginLocked(begun, waited);
    }
    slot.logRevoked(ended, RevocationReason.NODE_DELETED);
    slot.logElected(begun);
    return true;
  }

  /** Pauses the current term (the connection is suspended under the session policy). */
  void pause() {
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

  /**
   * The link is connected in {@code epoch}'s session: a term begun earlier in another session ends
   * now (its node went with that session), without waiting for the loop.
   */
  void connectedIn(ConnectionEpoch epoch) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      if (slot.current() != null
          && epoch.number() > termEpoch
          && termSession != epoch.sessionId()) {
        ended = slot.revokeLocked(RevocationReason.SESSION_LOST);
      }
    }
    slot.logRevoked(ended, RevocationReason.SESSION_LOST);
  }

  /** Ends the current term, if any, for {@code reason}. */
  void revoke(RevocationReason reason) {
    LeadershipHandle ended;
    synchronized (lock) {
      ended = slot.revokeLocked(reason);
    }
    slot.logRevoked(ended, reason);
  }

  /**
   * The watch of {@code nodePath} fired: if it is the current term's node, the term ends now, on
   * the store's event thread; no term begins on that node again (a listing read before the deletion
   * may still be on its way to a {@code Lead}).
   */
  void nodeChanged(String nodePath) {
    LeadershipHandle ended = null;
    synchronized (lock) {
      deadNodes.add(nodePath); // also when no term exists yet: a listing in flight may lead on it
      LeadershipHandle current = slot.current();
      if (current != null && current.nodePath().equals(nodePath)) {
        ended = slot.revokeLocked(RevocationReason.NODE_DELETED);
      }
    }
    slot.logRevoked(ended, RevocationReason.NODE_DELETED);
  }

  private void onElectedFailure(LeadershipHandle h) {
    if (config.resignOnCallbackFailure()) {
      runner.resign(h.token().value(), RevocationReason.CALLBACK_FAILED);
    }
  }

  /**
   * A loop of this election died of {@code e}: the term ends, health reports the failure, and the
   * candidate withdraws from the queue (it could begin no term, and would block the others).
   */
  void fail(VirtualMachineError e) {
    failure = e;
    revoke(RevocationReason.FAILED);
    runner.withdraw();
  }

  /** Gives up the current term and re-enters at the back of the queue. */
  @Override
  public void resign() {
    runner.resign(null, RevocationReason.RESIGNED);
  }

  /** The current term, active or paused. */
  @Override
  public Optional<Leadership> leadership() {
    return slot.leadership();
  }

  /** True while this candidate holds an active term; takes no lock. */
  @Override
  public boolean isLeader() {
    return slot.isLeader();
  }

  /** Waits for an active term. */
  @Override
  public Optional<Leadership> awaitLeadership(Duration timeout) throws InterruptedException {
    return slot.awaitLeadership(timeout);
  }

  @Override
  public boolean isConnected() {
    return liveness.current().isConnected();
  }

  @Override
  public Optional<Instant> lastTransition() {
    return slot.lastTransition();
  }

  @Override
  public long callbackFailures() {
    return metrics.callbackFailures();
  }

  /** How many tasks of the candidate's loop have failed (and were retried, or ended it). */
  @Override
  public long loopFailures() {
    return runner.failures();
  }

  /** The fatal error that stopped this election, if one did. */
  @Override
  public Optional<VirtualMachineError> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * Leaves the election: revokes with {@link RevocationReason#CLOSED}, waits for the callbacks
   * queued so far (the {@code revoked} of this close's term, or of a term that an earlier event
   * ended), then deletes the znode, so that the successor is elected only after this leader's
   * callbacks returned. The delete is sent by the thread that ran the {@code revoked} callback as
   * soon as it returns, not handed back to this thread first (one thread wake-up fewer on the
   * successor's way); this call waits for it. That wait is bounded by the callback drain timeout,
   * after which this thread deletes the znode itself, and it is skipped when called from a
   * callback. The remaining callbacks drain while the delete is on its way: this returns within the
   * longer of the session's close wait and the callback drain timeout (both measured from this
   * call). The store's part (the wait for the candidate's loop and the delete) waits at most the
   * close wait in all and never past that bound, so a {@code revoked} slower than the drain timeout
   * while the ensemble does not answer leaves the delete to the background (or to the session's
   * end) rather than adding a close wait.
   */
  @Override
  public void close() {
    long start = System.nanoTime();
    long drain = atMostADay(config.callbackDrainTimeout());
    long drainDeadline = start + drain;
    LeadershipHandle ended;
    synchronized (lock) {
      if (!slot.closeLocked()) {
        return;
      }
      ended = slot.revokeLocked(RevocationReason.CLOSED);
    }
    runner.closeBy(start + Math.max(drain, closeWaitNanos())); // before leave is queued
    boolean fromCallback = callbacks.isCallbackThread();
    if (!fromCallback) {
      callbacks.afterQueued(leave); // right after revoked; the close below is then a no-op
    }
    slot.awaitRevokedCallback(ended, drainDeadline);
    if (ended == null && !fromCallback) {
      // A term that ended before this close (a suspension, say) may still be in its revoked
      // callback: the successor must not begin before that returned either.
      callbacks.awaitQueued(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    }
    runner.close(); // the term has ended: its znode is deleted now unless the callback loop did
    slot.logRevoked(ended, RevocationReason.CLOSED);
    callbacks.shutdown(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
    metrics.close();
  }

  @Override
  public Optional<LeaderInfo> currentLeader() {
    return observer.currentLeader();
  }

  @Override
  public List<Participant> participants() {
    return observer.participants();
  }

  private long closeWaitNanos() {
    return atMostADay(liveness.closeWait());
  }

  /** In nanoseconds, at most a day: a longer wait is no bound, and nanoTime sums must not wrap. */
  static long atMostADay(Duration d) {
    return d.compareTo(Duration.ofDays(1)) > 0 ? TimeUnit.DAYS.toNanos(1) : d.toNanos();
  }

  /** True on the election's callback thread. */
  public boolean isCallbackThread() {
    return callbacks.isCallbackThread();
  }
}
