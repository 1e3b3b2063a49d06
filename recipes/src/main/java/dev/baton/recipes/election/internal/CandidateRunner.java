// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.internal.Preload;
import dev.baton.recipes.internal.queue.CandidateAction;
import dev.baton.recipes.internal.queue.CandidateAction.Ignore;
import dev.baton.recipes.internal.queue.CandidateAction.Lead;
import dev.baton.recipes.internal.queue.CandidateAction.ListLater;
import dev.baton.recipes.internal.queue.CandidateAction.Pause;
import dev.baton.recipes.internal.queue.CandidateAction.Revoke;
import dev.baton.recipes.internal.queue.CandidateEvent;
import dev.baton.recipes.internal.queue.CandidateEvent.Gone;
import dev.baton.recipes.internal.queue.CandidateMachine;
import dev.baton.recipes.internal.queue.CandidateName;
import dev.baton.recipes.internal.queue.QueueIo;
import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.Locks;
import dev.baton.recipes.kernel.QueueStore;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.Subscription;
import dev.baton.recipes.kernel.ThreadLoopScheduler;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The candidate's I/O: applies the {@link dev.baton.recipes.internal.queue.CandidateMachine}'s
 * actions to the {@link QueueStore} on one {@link SerialLoop} and feeds the replies back, one event
 * at a time. The machine and the I/O are guarded by {@code io}, held by each loop task and by
 * {@link #close()}, which runs on the caller's thread so that a closing leader's delete is not
 * handed off on the way to its successor.
 *
 * <p>Three reactions do not wait for the loop: a change of the link ends or pauses the term on the
 * session's event thread ({@link dev.baton.recipes.internal.queue.CandidateMachine#linkReaction}),
 * and a watch on the term's own entry ends the term on the store's event thread; the loop then
 * hears of both as events. And when the predecessor goes, the store's event thread reads the queue
 * at once and, if the loop is idle, lets the machine decide on the answer there: the machine's
 * decisions are pure and quick, and any store I/O they ask for is left to the loop, in order
 * ({@link #work}). So a successor begins its term one read after the watch, with no hand-off on the
 * way.
 */
final class CandidateRunner {
  private static final Logger log = LoggerFactory.getLogger(CandidateRunner.class);
  private static final int MAX_WARNED_NAMES = 1024;
  private static final Duration LOOP_STOP = Duration.ofSeconds(5);

  static {
    CandidateMachine.preload(); // off the first handover's path
    // A closing leader's path often runs first in a shutdown hook: its classes are loaded now.
    Preload.classes(Locks.class, QueueStore.Deletion.class, QueueIo.class);
  }

  private final QueueStore store;
  private final ElectionConfig config;
  private final ElectionCore core;
  private final ElectionMetrics metrics;
  private final CandidateMachine machine;
  private final SerialLoop loop;
  private final QueueIo queueIo;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final ReentrantLock io = new ReentrantLock();
  private @Nullable Subscription subscription;

  /**
   * Actions and events that a decision on the event thread left to the loop, in order: every feed
   * works through them before its own event. Under io.
   */
  private final Deque<Object> pending = new ArrayDeque<>();

  private long enteredAt; // loop, under io
  private volatile boolean closed;
  private final AtomicBoolean closing = new AtomicBoolean();

  /**
   * A create failed (its answer may have been lost): sweep the key's entries on close. Under io.
   */
  private boolean createFailed;

  CandidateRunner(
      QueueStore store,
      ElectionConfig config,
      ElectionCore core,
      ElectionMetrics metrics,
      String name) {
    this.store = store;
    this.config = config;
    this.core = core;
    this.metrics = metrics;
    String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    this.machine = new CandidateMachine(key, config.connectionPolicy(), true);
    this.queueIo = new QueueIo(store, key, config.participantId());
    this.loop =
        new SerialLoop(
            "election-" + name,
            new ThreadLoopScheduler("election", name),
            Backoff.DEFAULT,
            () -> feed(new CandidateEvent.Poke()),
            core::fail);
  }

  void start() {
    subscription = store.liveness().subscribe(this::onEpoch);
  }

  /** On the session's event thread: the term reacts now; the machine hears of it on the loop. */
  private void onEpoch(ConnectionEpoch epoch) {
    log.debug("participant {} on {}: {}", config.participantId(), config.path(), epoch);
    if (epoch.isConnected()) {
      core.connectedIn(epoch);
    }
    CandidateMachine.linkReaction(config.connectionPolicy(), epoch)
        .ifPresent(
            a -> {
              if (a instanceof Revoke r) {
                core.revoke(r.reason());
              } else {
                core.pause();
              }
            });
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
   * Leaves the queue: the machine's close deletes the entry, on the caller's thread if the loop is
   * idle, so that a closing leader's delete is not handed off on its way to the successor, waiting
   * for the store at most the session's {@linkplain dev.baton.recipes.kernel.Liveness#closeWait()
   * close wait}. A loop task that still waits for the store after that wait keeps the loop: the
   * close is then left to the loop, which leaves once the task ends, and this call returns.
   */
  void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    Duration wait = store.liveness().closeWait();
    boolean locked = Locks.tryLock(io, wait);
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
      return;
    }
    store.liveness().closeGaveUp();
    log.warn(
        "participant {} closes {} without waiting: its loop still waits for the ensemble after {};"
            + " the loop deletes the candidate's znode when that ends, or it goes with the session",
        config.participantId(),
        config.path(),
        wait);
    loop.execute(
        () -> {
          io.lock();
          try {
            leave();
          } catch (RuntimeException e) {
            log.debug(
                "participant {}: leaving {} failed: {}; the znode goes with the session",
                config.participantId(),
                config.path(),
                e.toString());
          } finally {
            io.unlock();
            loop.shutdown(Duration.ZERO); // from the loop itself: stops it, waits for nothing
          }
        });
  }

  /** Under io: the machine's close, and a sweep if a create's answer was lost. */
  private void leave() {
    feed(new CandidateEvent.Close());
    if (createFailed) {
      sweepQuietly(); // a create whose answer was lost may have left an entry nobody knows of
    }
  }

  /**
   * After the close: deletes the candidate's entry {@code name}, waiting for the store at most the
   * close wait; one line if the store did not confirm it.
   */
  private void deleteLeaving(String name) {
    Duration wait = store.liveness().closeWait();
    QueueStore.Deletion d = queueIo.deleteLeaving(name).orElse(QueueStore.Deletion.GONE);
    if (!d.isGone()) { // no lambdas on this path: see the static initializer
      log.warn(
          "participant {} left {} without the ensemble's confirmation ({}): its znode {} is deleted"
              + " in the background if the link comes back, or goes with the session",
          config.participantId(),
          config.path(),
          d == QueueStore.Deletion.NO_ANSWER ? "no answer within " + wait : "the request failed",
          store.pathOf(name));
    }
  }

  /** In case a create's answer was lost: no entry of this candidate may outlive it. */
  private void sweepQuietly() {
    try {
      queueIo.sweep();
    } catch (CoordinationException e) {
      log.debug(
          "participant {}: no sweep of {} on close: {}",
          config.participantId(),
          config.path(),
          e.toString());
    }
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
      deleteLeaving(d.name());
      return null;
    }
    if (QueueIo.isStoreAction(action)) {
      CandidateEvent reply;
      try {
        reply = queueIo.apply(action, this::onWatch);
      } catch (RuntimeException e) {
        createFailed |= action instanceof CandidateAction.Enter;
        throw e;
      }
      if (reply instanceof CandidateEvent.Entered e) {
        enteredAt = System.nanoTime();
        log.debug(
            "participant {} entered {} as {}",
            config.participantId(),
            config.path(),
            e.entry().name());
      }
      return reply;
    } else if (action instanceof Lead l) {
      boolean led =
          core.lead(
              l.epoch(),
              FencingToken.of(config.path(), l.token()),
              store.pathOf(l.name()),
              Duration.ofNanos(System.nanoTime() - enteredAt));
      return led ? null : new CandidateEvent.LeadRefused(l.token());
    } else if (action instanceof Revoke r) {
      core.revoke(r.reason());
    } else if (action instanceof Pause) {
      core.pause();
    } else if (action instanceof ListLater) {
      long jitter = config.reentryJitter().toNanos();
      long delay = jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(jitter + 1);
      loop.schedule(delay, () -> feed(new CandidateEvent.Poke()));
    } else if (action instanceof Ignore i) {
      ignored(i.name());
    }
    return null;
  }

  /**
   * On the store's event thread: the own entry's term ends now, and the loop looks again. When the
   * predecessor went, the queue is read at once from here, and the answer decides on this thread if
   * the loop is idle ({@link #decideNow}): a successor's term begins one read after the watch, with
   * no hand-off to the loop on the way; only its {@code elected} callback is handed to the callback
   * thread.
   */
  private void onWatch(String name, boolean own) {
    metrics.watchEvent();
    core.nodeChanged(store.pathOf(name));
    if (own || closed) {
      loop.execute(() -> feed(new Gone(name)));
      return;
    }
    queueIo.listAfterWatch(
        name,
        this::decideNow,
        failure -> {
          log.debug(
              "participant {}: no listing of {} from the watch ({}); the loop lists",
              config.participantId(),
              config.path(),
              failure.toString());
          loop.execute(() -> feed(new Gone(name)));
        });
  }

  private void ignored(String child) {
    metrics.ignoredChild();
    if (warned.size() < MAX_WARNED_NAMES && warned.add(child)) {
      log.warn(
          "ignoring the foreign or malformed child '{}' under the election path {}",
          CandidateName.printable(child),
          config.path());
    }
  }
}
