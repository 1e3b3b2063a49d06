// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.CandidateAction.Lead;
import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt to take the lock, on the caller's thread: applies a {@link CandidateMachine} lock
 * attempt's actions, waiting for watches and link changes; on timeout, interrupt or failure the
 * entry is deleted again. Create and listing are pipelined: uncontended, one round trip.
 */
final class LockAttempt<H> {
  private static final Logger log = LoggerFactory.getLogger(LockAttempt.class);

  private final QueueStore store;
  private final LockQueue.Publisher<H> publisher;
  private final Consumer<String> onNodeChange;
  private final CandidateMachine machine;
  private final QueueIo io;
  private final BlockingQueue<CandidateEvent> inbox = new LinkedBlockingQueue<>();

  /** The entry just created and the names listed behind it, for the machine's next ListQueue. */
  private QueueIo.@Nullable Pipelined ahead;

  /** The predecessor whose departure makes this the holder without a read, for the event thread. */
  private volatile @Nullable String firstWhenGone;

  /** A create of this attempt failed (its answer may have been lost): sweep on withdrawal. */
  private boolean createFailed;

  /** {@code onNodeChange}: a watched entry changed (store's event thread); a hold on it ends. */
  LockAttempt(
      QueueStore store,
      String ownerId,
      boolean watchHeldNode,
      LockQueue.Publisher<H> publisher,
      Consumer<String> onNodeChange) {
    this.store = store;
    this.publisher = publisher;
    String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    this.machine = new CandidateMachine(key, false, false, watchHeldNode);
    this.io = new QueueIo(store, key, ownerId);
    this.onNodeChange = onNodeChange;
  }

  Optional<H> run(long deadline) throws InterruptedException {
    H granted = null;
    ConnectionEpoch now = store.liveness().current();
    long lastEpoch = now.number();
    Deque<CandidateEvent> ready = new ArrayDeque<>();
    ready.add(new CandidateEvent.Link(now));
    try {
      while (true) {
        CandidateEvent event = ready.poll();
        if (event == null) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return Optional.empty();
          }
          event = inbox.poll(left, TimeUnit.NANOSECONDS);
          if (event == null) {
            continue;
          }
          if (event instanceof CandidateEvent.Link l) {
            if (l.epoch().number() <= lastEpoch) {
              continue; // already fed
            }
            lastEpoch = l.epoch().number();
          }
        }
        QueueIo.Pipelined entered = ahead != null && ahead.entered() == event ? ahead : null;
        ahead = null; // only the listing that follows the entry can use the names read behind it
        List<CandidateAction> actions = machine.on(event);
        firstWhenGone = machine.firstWhenGone().orElse(null); // before the watch is set
        for (CandidateAction a : actions) {
          if (a instanceof Lead l) {
            granted = publisher.publish(l.epoch(), l.token(), store.pathOf(l.name()));
            if (granted != null) {
              return Optional.of(granted);
            }
            ready.add(new CandidateEvent.LeadRefused(l.token()));
          } else if (a instanceof CandidateAction.Enter) {
            try {
              ahead = io.enterAndList();
            } catch (RuntimeException e) {
              createFailed = true;
              throw e;
            }
            ready.add(ahead.entered());
          } else if (a instanceof CandidateAction.ListQueue && entered != null) {
            CandidateEvent.Listed listed = entered.listed(deadline - System.nanoTime());
            ready.add(listed != null ? listed : listNow(a));
          } else if (QueueIo.isStoreAction(a)) {
            CandidateEvent reply = io.apply(a, this::onWatch);
            if (reply != null) {
              ready.add(reply);
            }
          }
          // Revoke, Pause: no hold before Lead; Ignore: nothing; ListLater: never (no re-entry).
        }
      }
    } catch (CoordinationException e) {
      throw new CoordinationException(
          "cannot acquire the lock " + store.path() + ": " + e.getMessage(), e);
    } finally {
      if (granted == null) {
        withdraw();
      }
    }
  }

  /** Lists the queue the usual way: the names read behind the create were not usable. */
  private CandidateEvent listNow(CandidateAction list) {
    return Objects.requireNonNull(io.apply(list, this::onWatch), "a listing has a reply");
  }

  /** The link changed (session's event thread), forwarded by the lock: heard between requests. */
  void linkChanged(ConnectionEpoch epoch) {
    inbox.add(new CandidateEvent.Link(epoch));
  }

  /** Store's event thread: wakes the attempt to hold without a read, or with a fresh listing. */
  private void onWatch(String name, boolean own) {
    onNodeChange.accept(store.pathOf(name));
    if (own || name.equals(firstWhenGone)) { // the only entry ahead went: no read needed
      inbox.add(new CandidateEvent.Gone(name));
      return;
    }
    io.listAfterWatch(name, inbox::add, failure -> inbox.add(new CandidateEvent.Gone(name)));
  }

  /** Deletes the entry, if any; drops its watches first (each pins the attempt: they pile up). */
  private void withdraw() {
    io.unwatchAll();
    try {
      for (CandidateAction a : machine.on(new CandidateEvent.Close())) {
        if (QueueIo.isStoreAction(a)) {
          io.apply(a, (name, own) -> {});
        }
      }
      if (createFailed) {
        io.sweep(); // an entry whose create answer was lost must not block the next holders
      }
    } catch (CoordinationException e) {
      log.warn(
          "could not withdraw from the lock {}; the entry goes with the session", store.path(), e);
    }
  }
}
