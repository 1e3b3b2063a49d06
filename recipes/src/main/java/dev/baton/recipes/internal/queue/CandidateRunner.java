// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.internal.Preload;
import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.Locks;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.Subscription;
import dev.baton.recipes.kernel.ThreadLoopScheduler;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The candidate's I/O: applies the {@link CandidateMachine}'s actions to the {@link QueueStore} on
 * one {@link SerialLoop} and feeds the replies back, one event at a time. The machine and the I/O
 * are guarded by {@code io}, held by each loop task and by {@link #close()}, which runs on the
 * caller's thread so that a closing leader's delete is not handed off on the way to its successor.
 *
 * <p>Three reactions do not wait for the loop: a change of the link ends or pauses the term on the
 * session's event thread ({@link dev.baton.recipes.internal.queue.CandidateMachine#linkReaction}),
 * and a watch on the term's own entry ends the term on the store's event thread; the loop then
 * hears of both as events. And when the predecessor goes, the store's event thread reads the queue
 * at once and, if the loop is idle, lets the machine decide on the answer there: the machine's
 * decisions are pure and quick, and any store I/O they ask for is left to the loop, in order
 * ({@link #work}). So a successor begins its term one read after the watch, with no hand-off on the
 * way. The actions themselves, and the watches, are {@link CandidateEffects}'s.
 */
final class CandidateRunner {
  private static final Logger log = LoggerFactory.getLogger(CandidateRunner.class);
  private static final Duration LOOP_STOP = Duration.ofSeconds(5);

  static {
    CandidateMachine.preload(); // off the first handover's path
    // A closing leader's path often runs first in a shutdown hook: its classes are loaded now.
    Preload.classes(Locks.class, QueueStore.Deletion.class, QueueIo.class);
  }

  private final QueueStore store;
  private final Contest config;
  private final boolean pauseOnSuspend;
  private final QueueCandidacy core;
  private final CandidateMachine machine;
  private final SerialLoop loop;
  private final CandidateEffects effects;
  private final ReentrantLock io = new ReentrantLock();
  private @Nullable Subscription subscription;

  /**
   * Actions and events that a decision on the event thread left to the loop, in order: every feed
   * works through them before its own event. Under io.
   */
  private final Deque<Object> pending = new ArrayDeque<>();

  private volatile boolean closed;
  private final AtomicBoolean closing = new AtomicBoolean();

  /** Set by {@link #closeBy}: the close waits for the store until then at the latest (nanoTime). */
  private volatile long closeLimit;

  private volatile boolean closeLimited;

  /** When the close's lock wait and delete together end (nanoTime); set by {@link #close()}. */
  private volatile long closeDeadline;

  /** True if {@link #closeBy}'s bound cut that deadline short of a whole close wait. */
  private volatile boolean closeCutShort;

  CandidateRunner(QueueStore store, Contest config, QueueCandidacy core, QueueMeters metrics) {
    this.store = store;
    this.config = config;
    this.pauseOnSuspend = config.pauseOnSuspend();
    this.core = core;
    String name = config.describe();
    String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    this.machine = new CandidateMachine(key, pauseOnSuspend, true);
    QueueIo queueIo = new QueueIo(store, key, config.participantId());
    this.loop =
        new SerialLoop(
            "election-" + name,
            new ThreadLoopScheduler("election", name),
            Backoff.DEFAULT,
            () -> feed(new CandidateEvent.Poke()),
            core::fail);
    this.effects =
        new CandidateEffects(
            store, config, core, metrics, queueIo, loop, this::feed, this::decideNow, () -> closed);
  }

  void start() {
    subscription = store.liveness().subscribe(this::onEpoch);
  }

  /** On the session's event thread: the term reacts now; the machine hears of it on the loop. */
  private void onEpoch(ConnectionEpoch epoch) {
    log.debug("participant {} on {}: {}", config.participantId(), config.name(), epoch);
    if (epoch.isConnected()) {
      core.connectedIn(epoch);
    }
    CandidateMachine.linkReaction(pauseOnSuspend, epoch).ifPresent(effects::react);
    loop.execute(() -> feed(new CandidateEvent.Link(epoch)));
  }

  /**
   * Revokes the term with {@code expectedToken} (any term if null), deletes the entry, re-enters.
   */
  void resign(@Nullable Long expectedToken, RevocationReason reason) {
    loop.execute(() -> feed(new CandidateEvent.Resign(expectedToken, reason)));
  }

  long failures() {
    return loop.failures();
  }

  /**
   * Stops taking part after a fatal error: on the loop, the machine's close deletes the entry and
   * nothing re-enters, so that a candidate that can begin no term does not stay at the head of the
   * queue, where every other candidate would wait behind it. If the loop that died is this one, the
   * entry goes with the session.
   */
  void withdraw() {
    loop.execute(
        () -> {
          io.lock();
          try {
            leave();
          } finally {
            io.unlock();
          }
        });
  }

  /**
   * Leaves the queue: the machine's close deletes the entry, on the caller's thread if the loop is
   * idle, so that a closing leader's delete is not handed off on its way to the successor, waiting
   * for the store at most the session's {@linkplain dev.baton.recipes.kernel.Liveness#closeWait()
   * close wait}, the wait for the loop's lock and the delete together, and never past a bound set
   * by {@link #closeBy}. A loop task that still waits for the store after that wait keeps the loop:
   * the close is then left to the loop, which leaves once the task ends, and this call returns.
   */
  @Nullable String close() {
    if (!closing.compareAndSet(false, true)) {
      return null;
    }
    Duration wait = store.liveness().closeWait();
    long now = System.nanoTime();
    long deadline = now + atMostADay(wait);
    boolean cutShort = closeLimited && closeLimit - deadline < 0;
    if (cutShort) {
      deadline = closeLimit;
    }
    closeDeadline = deadline; // the lock wait and the delete share it
    closeCutShort = cutShort;
    boolean locked = Locks.tryLock(io, Duration.ofNanos(Math.max(0, deadline - now)));
    closed = true; // from now on the loop's tasks do nothing but the close
    if (subscription != null) {
      subscription.close();
    }
    if (locked) {
      try {
        leave();
      } finally {
        io.unlock();
        loop.shutdown(LOOP_STOP); // its tasks return at once now
      }
      return effects.deletedOnLeave();
    }
    if (!cutShort) { // a wait cut short by the close's bound tells nothing of the ensemble
      store.liveness().closeGaveUp();
    }
    log.warn(
        "participant {} closes {} without waiting: its loop still waits for the ensemble after {};"
            + " the loop deletes the candidate's znode when that ends, or it goes with the session",
        config.participantId(),
        config.name(),
        Duration.ofNanos(Math.max(0, deadline - now)));
    loop.execute(
        () -> {
          io.lock();
          try {
            leave();
          } catch (RuntimeException e) {
            log.debug(
                "participant {}: leaving {} failed: {}; the znode goes with the session",
                config.participantId(),
                config.name(),
                e.toString());
          } finally {
            io.unlock();
            loop.shutdown(Duration.ZERO); // from the loop itself: stops it, waits for nothing
          }
        });
    return null;
  }

  /**
   * Bounds the coming {@link #close()}, on whichever thread it runs: it waits for the store until
   * {@code deadline} ({@link System#nanoTime()}) at the latest.
   */
  void closeBy(long deadline) {
    closeLimit = deadline;
    closeLimited = true;
  }

  /** Under io: the machine's close, and a sweep if a create's answer was lost. */
  private void leave() {
    feed(new CandidateEvent.Close());
    effects.sweepIfACreateFailed(); // a lost create's answer may have left an unknown entry
  }

  /**
   * Feeds {@code first} and every reply it leads to, applying the actions in order, after whatever
   * a decision on the event thread left to the loop ({@link #pending}).
   */
  private void feed(CandidateEvent first) {
    io.lock();
    try {
      if (closed && !(first instanceof CandidateEvent.Close)) {
        return;
      }
      Deque<Object> work = takePending();
      work.add(first);
      work(work, false);
    } finally {
      io.unlock();
    }
  }

  /** A loop task: applies what the event thread left, if anything is left. */
  private void drainPending() {
    io.lock();
    try {
      if (!closed && !pending.isEmpty()) {
        work(takePending(), false);
      }
    } finally {
      io.unlock();
    }
  }

  /**
   * Under io: the pending work, which the caller takes over. Once closed, only what must not be
   * lost survives: the deletes of entries, sent in the background; the close deletes its own.
   */
  private Deque<Object> takePending() {
    Deque<Object> work = new ArrayDeque<>(pending);
    pending.clear();
    if (closed) {
      for (Object item : work) {
        if (item instanceof CandidateAction.Delete d) {
          store.deleteInBackground(d.name());
        }
      }
      work.clear();
    }
    return work;
  }

  /**
   * Under io: works through {@code work} in order; an event goes to the machine and its actions are
   * applied in order, their replies added at the back; an action is applied. {@code inline} (on the
   * store's event thread, which must never wait for the store) stops at the first store action:
   * that action and everything after it are left to the loop, in the same order.
   */
  private void work(Deque<Object> work, boolean inline) {
    while (!work.isEmpty()) {
      Object item = work.poll();
      List<CandidateAction> actions =
          item instanceof CandidateEvent e ? machine.on(e) : List.of((CandidateAction) item);
      for (int i = 0; i < actions.size(); i++) {
        CandidateAction a = actions.get(i);
        if (inline && QueueIo.isStoreAction(a)) {
          for (int j = actions.size() - 1; j >= i; j--) {
            work.addFirst(actions.get(j));
          }
          pending.addAll(work);
          loop.execute(this::drainPending);
          return;
        }
        CandidateEvent reply = apply(a);
        if (reply != null) {
          work.add(reply);
        }
      }
    }
  }

  /**
   * On the store's event thread: decides now if the loop is idle, without waiting for it; else
   * leaves {@code event} to the loop. A failure is rethrown on the loop, which counts it, backs off
   * and looks again (or, for a {@link VirtualMachineError}, fails the election), as for its own
   * tasks.
   */
  private void decideNow(CandidateEvent event) {
    if (!io.tryLock()) {
      loop.execute(() -> feed(event));
      return;
    }
    try {
      if (closed) {
        return;
      }
      if (!pending.isEmpty()) {
        loop.execute(() -> feed(event)); // behind what is pending
        return;
      }
      Deque<Object> work = new ArrayDeque<>();
      work.add(event);
      work(work, true);
    } catch (RuntimeException | Error e) {
      loop.execute(
          () -> {
            throw e;
          });
    } finally {
      io.unlock();
    }
  }

  /** Applies one action; returns the reply event, if it has one. */
  private @Nullable CandidateEvent apply(CandidateAction action) {
    if (closed && action instanceof CandidateAction.Delete d) {
      effects.deleteLeaving(d.name(), closeDeadline, closeCutShort);
      return null;
    }
    return effects.apply(action);
  }

  /** In nanoseconds, at most a day: a longer wait is no bound, and nanoTime sums must not wrap. */
  static long atMostADay(Duration d) {
    return d.compareTo(Duration.ofDays(1)) > 0 ? TimeUnit.DAYS.toNanos(1) : d.toNanos();
  }
}
