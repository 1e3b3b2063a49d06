// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CandidateAction.Delete;
import dev.baton.recipes.CandidateAction.Ignore;
import dev.baton.recipes.CandidateAction.Lead;
import dev.baton.recipes.CandidateAction.ListLater;
import dev.baton.recipes.CandidateAction.Pause;
import dev.baton.recipes.CandidateAction.Revoke;
import dev.baton.recipes.CandidateEvent.Gone;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.Io;
import dev.baton.recipes.spi.Shell;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The candidate's I/O: applies the {@link CandidateMachine}'s actions, fed by the {@link Shell}.
 * Off the loop, a link change ends or pauses the term on the session's event thread, a watch on the
 * own entry ends it on the store's (the machine hears of both later), and when the predecessor goes
 * the store's thread reads the queue and the shell {@linkplain Shell#decideNow decides now}.
 */
final class CandidateIo implements Io<CandidateEvent, CandidateAction> {
  private static final Logger log = LoggerFactory.getLogger(CandidateIo.class);
  private static final int MAX_WARNED_NAMES = 1024;

  static {
    CandidateMachine.preload(); // off the first handover's path
    // A closing leader's path often runs first in a shutdown hook: its classes are loaded now.
    Preload.classes(Deletion.class, QueueIo.class, Shell.Closed.class);
  }

  private final QueueStore store;
  private final Contest config;
  private final boolean pauseOnSuspend;
  private final QueueCandidacy core;
  private final QueueMeters metrics;
  private final QueueIo queueIo;
  private final Shell<CandidateEvent, CandidateAction> shell;
  private final QueueIo.WatchListener onWatch = this::onWatch;
  private final Runnable sweep = this::sweepIfACreateFailed; // linked now, not on a close
  private @Nullable Set<String> warned; // under the shell's lock; made on the first warning
  private long enteredAt; // under the shell's lock
  private boolean createFailed; // under the shell's lock: a create's answer may have been lost

  /** The full path of the entry whose delete the ensemble confirmed on leaving, if any. */
  private volatile @Nullable String deletedOnLeave;

  private volatile long closeDeadline; // of the close's lock wait and delete together (nanoTime)
  private volatile boolean closeCutShort; // the close's bound cut it short of a whole close wait

  CandidateIo(QueueStore store, Contest config, QueueCandidacy core, QueueMeters metrics) {
    this.store = store;
    this.config = config;
    this.pauseOnSuspend = config.pauseOnSuspend();
    this.core = core;
    this.metrics = metrics;
    String name = config.describe();
    String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    CandidateMachine machine = new CandidateMachine(key, pauseOnSuspend, true);
    this.queueIo = new QueueIo(store, key, config.participantId());
    this.shell =
        new Shell<>(
            "election-" + name,
            new ThreadLoopScheduler("election", name),
            (event, now) -> machine.on(event),
            new CandidateEvent.Poke(),
            core::fail);
  }

  void start() {
    shell.start(this);
    shell.keep(store.liveness().subscribe(this::onEpoch));
  }

  /** On the session's event thread: the term reacts now; the machine hears of it on the loop. */
  private void onEpoch(ConnectionEpoch epoch) {
    log.debug("participant {} on {}: {}", config.participantId(), config.name(), epoch);
    if (epoch.isConnected()) {
      core.connectedIn(epoch);
    }
    CandidateMachine.linkReaction(pauseOnSuspend, epoch).ifPresent(this::react);
    shell.post(new CandidateEvent.Link(epoch));
  }

  /** Revokes the term with {@code expectedToken} (any if null), deletes the entry, re-enters. */
  void resign(@Nullable Long expectedToken, RevocationReason reason) {
    shell.post(new CandidateEvent.Resign(expectedToken, reason));
  }

  long failures() {
    return shell.failures();
  }

  /** Stops after a fatal error: the machine's close deletes the entry and nothing re-enters. */
  void withdraw() {
    shell.withdraw(new CandidateEvent.Close(), sweep);
  }

  /** Leaves by {@code deadline} (nanoTime), here if the loop is idle: the path deleted, or null. */
  @Nullable String close(long deadline, boolean cutShort) {
    closeDeadline = deadline; // the lock wait and the delete share it
    closeCutShort = cutShort;
    Duration wait = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    Shell.Closed closed = shell.close(new CandidateEvent.Close(), wait, sweep);
    if (closed == Shell.Closed.ON_LOOP) {
      if (!cutShort) { // a wait cut short by the close's bound tells nothing of the ensemble
        store.liveness().closeGaveUp();
      }
      log.warn(
          "participant {} closes {} without waiting: its loop still waits for the ensemble after"
              + " {}; the loop deletes the candidate's znode when that ends, or it goes with the"
              + " session",
          config.participantId(),
          config.name(),
          wait);
    }
    return closed == Shell.Closed.HERE ? deletedOnLeave : null;
  }

  @Override
  public boolean blocks(CandidateAction action) {
    return QueueIo.isStoreAction(action);
  }

  /** Once closed, a delete left to the loop goes to the background; the close deletes its own. */
  @Override
  public void dropped(CandidateAction action) {
    if (action instanceof Delete d) {
      store.deleteInBackground(d.name());
    }
  }

  @Override
  public @Nullable CandidateEvent apply(CandidateAction action) {
    if (shell.isClosed() && action instanceof Delete d) {
      deleteLeaving(d.name());
    } else if (QueueIo.isStoreAction(action)) {
      return applyToStore(action);
    } else if (action instanceof Lead l) {
      boolean led =
          core.lead(
              l.epoch(),
              FencingToken.of(config.name(), l.token()),
              store.pathOf(l.name()),
              Duration.ofNanos(System.nanoTime() - enteredAt));
      return led ? null : new CandidateEvent.LeadRefused(l.token());
    } else if (action instanceof Revoke || action instanceof Pause) {
      react(action);
    } else if (action instanceof ListLater) {
      long jitter = config.reentryJitter().toNanos();
      long delay = jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(jitter + 1);
      shell.postAfter(delay, CandidateEvent.Poke::new);
    } else if (action instanceof Ignore i) {
      ignored(i.name());
    }
    return null;
  }

  private @Nullable CandidateEvent applyToStore(CandidateAction action) {
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
  }

  /** Ends ({@link Revoke}) or pauses ({@link Pause}) the term; also on the session's thread. */
  private void react(CandidateAction a) {
    if (a instanceof Revoke r) {
      core.revoke(r.reason());
    } else {
      core.pause();
    }
  }

  /** After the close: deletes {@code name} by the close's deadline, else in the background. */
  private void deleteLeaving(String name) {
    Duration limit = Duration.ofNanos(Math.max(0, closeDeadline - System.nanoTime()));
    Deletion d = queueIo.deleteLeaving(name, limit, closeCutShort).orElse(Deletion.GONE);
    if (d == Deletion.DELETED) {
      deletedOnLeave = store.pathOf(name);
    }
    if (!d.isGone()) { // no lambdas on this path: see the static initializer
      log.warn(
          "participant {} left {} without the ensemble's confirmation ({}): its znode {} is deleted"
              + " in the background if the link comes back, or goes with the session",
          config.participantId(),
          config.name(),
          d == Deletion.NO_ANSWER
              ? "no answer within " + queueIo.leavingWait(limit)
              : "the request failed",
          store.pathOf(name));
    }
  }

  /** On leaving: if a create's answer was lost, sweeps the key's entries (none may outlive it). */
  private void sweepIfACreateFailed() {
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

  /** Store's event thread: the own entry's term ends now; a gone predecessor's queue is read. */
  private void onWatch(String name, boolean own) {
    metrics.watchEvent();
    core.nodeChanged(store.pathOf(name));
    if (own || shell.isClosed()) {
      shell.post(new Gone(name));
      return;
    }
    queueIo.listAfterWatch(
        name,
        shell::decideNow,
        failure -> {
          log.debug(
              "participant {}: no listing of {} from the watch ({}); the loop lists",
              config.participantId(),
              config.name(),
              failure.toString());
          shell.post(new Gone(name));
        });
  }

  private void ignored(String child) {
    metrics.ignoredChild();
    Set<String> w = warned;
    if (w == null) {
      w = new HashSet<>();
      warned = w;
    }
    if (w.size() < MAX_WARNED_NAMES && w.add(child)) {
      log.warn(
          "ignoring the foreign or malformed child '{}' under the election path {}",
          CandidateName.printable(child),
          config.name());
    }
  }
}
