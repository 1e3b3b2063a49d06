// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.internal.queue.CandidateAction.Ignore;
import dev.baton.recipes.internal.queue.CandidateAction.Lead;
import dev.baton.recipes.internal.queue.CandidateAction.ListLater;
import dev.baton.recipes.internal.queue.CandidateAction.Pause;
import dev.baton.recipes.internal.queue.CandidateAction.Revoke;
import dev.baton.recipes.internal.queue.CandidateEvent.Gone;
import dev.baton.recipes.kernel.SerialLoop;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The effects of a {@link CandidateRunner}'s machine: applies one action at a time (store I/O
 * through {@link QueueIo}, a term's beginning or end on the {@link QueueCandidacy}, the re-entry
 * timer on the loop), under the runner's {@code io} lock; and hears the watches it sets, on the
 * store's event thread. A watch on the own entry hands a {@link Gone} to the loop; when the
 * predecessor goes, the queue is read at once from the event thread and the runner decides on the
 * answer there ({@code decideNow}).
 */
final class CandidateEffects {
  // logged under the runner's name, as before this class was split from it
  private static final Logger log = LoggerFactory.getLogger(CandidateRunner.class);
  private static final int MAX_WARNED_NAMES = 1024;

  private final QueueStore store;
  private final Contest config;
  private final QueueCandidacy core;
  private final QueueMeters metrics;
  private final QueueIo queueIo;
  private final SerialLoop loop;
  private final Consumer<CandidateEvent> feed;
  private final Consumer<CandidateEvent> decideNow;
  private final BooleanSupplier closed;
  private final QueueIo.WatchListener onWatch = this::onWatch;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  private long enteredAt; // loop, under io

  /** The full path of the entry whose delete the ensemble confirmed on leaving, if any. */
  private volatile @Nullable String deletedOnLeave;

  /**
   * A create failed (its answer may have been lost): sweep the key's entries on close. Under io.
   */
  private boolean createFailed;

  /**
   * @param feed feeds an event to the machine; called from a loop task
   * @param decideNow decides on an event on the store's event thread if the loop is idle
   * @param closed true once the runner is closed
   */
  CandidateEffects(
      QueueStore store,
      Contest config,
      QueueCandidacy core,
      QueueMeters metrics,
      QueueIo queueIo,
      SerialLoop loop,
      Consumer<CandidateEvent> feed,
      Consumer<CandidateEvent> decideNow,
      BooleanSupplier closed) {
    this.store = store;
    this.config = config;
    this.core = core;
    this.metrics = metrics;
    this.queueIo = queueIo;
    this.loop = loop;
    this.feed = feed;
    this.decideNow = decideNow;
    this.closed = closed;
  }

  /** Under io: applies one action; returns the reply event, if it has one. */
  @Nullable CandidateEvent apply(CandidateAction action) {
    if (QueueIo.isStoreAction(action)) {
      CandidateEvent reply;
      try {
        reply = queueIo.apply(action, onWatch);
      } catch (RuntimeException e) {
        createFailed |= action instanceof CandidateAction.Enter;
        throw e;
      }
      if (reply instanceof CandidateEvent.Entered e) {
        enteredAt = System.nanoTime();
        log.debug(
            "participant {} entered {} as {}",
            config.participantId(),
            config.name(),
            e.entry().name());
      }
      return reply;
    } else if (action instanceof Lead l) {
      boolean led =
          core.lead(
              l.epoch(),
              FencingToken.of(config.name(), l.token()),
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
      loop.schedule(delay, () -> feed.accept(new CandidateEvent.Poke()));
    } else if (action instanceof Ignore i) {
      ignored(i.name());
    }
    return null;
  }

  /**
   * On the session's event thread: a change of the link ends ({@link Revoke}) or pauses ({@link
   * Pause}) the term now, before the loop hears of it ({@link
   * dev.baton.recipes.internal.queue.CandidateMachine#linkReaction}).
   */
  void react(CandidateAction a) {
    if (a instanceof Revoke r) {
      core.revoke(r.reason());
    } else {
      core.pause();
    }
  }

  /**
   * After the close: deletes the candidate's entry {@code name}, waiting for the store at most the
   * close wait and never past {@code deadline} ({@link System#nanoTime()}); one line if the store
   * did not confirm it. With no time left, the delete goes on in the background. {@code cutShort}:
   * see {@link QueueIo#deleteLeaving(String, Duration, boolean)}.
   */
  void deleteLeaving(String name, long deadline, boolean cutShort) {
    Duration limit = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    QueueStore.Deletion d =
        queueIo.deleteLeaving(name, limit, cutShort).orElse(QueueStore.Deletion.GONE);
    if (d == QueueStore.Deletion.DELETED) {
      deletedOnLeave = store.pathOf(name);
    }
    if (!d.isGone()) { // no lambdas on this path: see CandidateRunner's static initializer
      log.warn(
          "participant {} left {} without the ensemble's confirmation ({}): its znode {} is deleted"
              + " in the background if the link comes back, or goes with the session",
          config.participantId(),
          config.name(),
          d == QueueStore.Deletion.NO_ANSWER
              ? "no answer within " + queueIo.leavingWait(limit)
              : "the request failed",
          store.pathOf(name));
    }
  }

  /** The full path of the entry whose delete the ensemble confirmed on leaving, if any. */
  @Nullable String deletedOnLeave() {
    return deletedOnLeave;
  }

  /**
   * Under io, on close: if a create's answer was lost, sweeps the key's entries, as no entry of
   * this candidate may outlive it.
   */
  void sweepIfACreateFailed() {
    if (!createFailed) {
      return;
    }
    try {
      queueIo.sweep();
    } catch (CoordinationException e) {
      log.debug(
          "participant {}: no sweep of {} on close: {}",
          config.participantId(),
          config.name(),
          e.toString());
    }
  }

  /**
   * On the store's event thread: the own entry's term ends now, and the loop looks again. When the
   * predecessor went, the queue is read at once from here, and the answer decides on this thread if
   * the loop is idle ({@code decideNow}): a successor's term begins one read after the watch, with
   * no hand-off to the loop on the way; only its {@code elected} callback is handed to the callback
   * thread.
   */
  private void onWatch(String name, boolean own) {
    metrics.watchEvent();
    core.nodeChanged(store.pathOf(name));
    if (own || closed.getAsBoolean()) {
      loop.execute(() -> feed.accept(new Gone(name)));
      return;
    }
    queueIo.listAfterWatch(
        name,
        decideNow,
        failure -> {
          log.debug(
              "participant {}: no listing of {} from the watch ({}); the loop lists",
              config.participantId(),
              config.name(),
              failure.toString());
          loop.execute(() -> feed.accept(new Gone(name)));
        });
  }

  private void ignored(String child) {
    metrics.ignoredChild();
    if (warned.size() < MAX_WARNED_NAMES && warned.add(child)) {
      log.warn(
          "ignoring the foreign or malformed child '{}' under the election path {}",
          CandidateName.printable(child),
          config.name());
    }
  }
}
