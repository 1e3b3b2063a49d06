// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.CandidateAction.Delete;
import dev.baton.recipes.CandidateAction.Enter;
import dev.baton.recipes.CandidateAction.Inspect;
import dev.baton.recipes.CandidateAction.ListQueue;
import dev.baton.recipes.CandidateAction.Watch;
import dev.baton.recipes.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Applies a {@link CandidateMachine}'s store actions to a {@link QueueStore}; replies carry the
 * epoch read before the request, so the machine ignores an answer from an earlier connection.
 */
final class QueueIo {
  private final QueueStore store;
  private final String key;
  private final String prefix;
  private final byte[] data;

  private static final Tracked[] NONE = {};

  /**
   * The watches set and not yet fired, at most one per entry, for {@link #unwatchAll}: copied on
   * write under {@code this} (two at most in practice: an array, not a map, for the heap of many
   * candidates).
   */
  private volatile Tracked[] watches = NONE;

  /** I/O for the candidate with {@code key}, whose entries carry {@code owner}'s id as data. */
  public QueueIo(QueueStore store, String key, String owner) {
    this.store = store;
    this.key = key;
    this.prefix = CandidateName.prefixFor(key);
    this.data = CandidateData.encode(owner);
  }

  /** Deletes in the background every entry of this key still queued (a create's answer lost). */
  public void sweep() {
    store.sweepInBackground(
        child -> CandidateName.parse(child).map(n -> n.key().equals(key)).orElse(false));
  }

  /**
   * Deletes {@code name} on leaving within {@link #leavingWait}, else in the background ({@code
   * cutShort}: the close's bound cut the wait short); empty if the wait was zero.
   */
  public Optional<Deletion> deleteLeaving(String name, Duration limit, boolean cutShort) {
    Duration wait = leavingWait(limit);
    if (wait.isZero() || wait.isNegative()) {
      store.deleteInBackground(name);
      return Optional.empty();
    }
    // Cleanup: a pending interrupt (e.g. from this very close) must not cut it short; restored.
    boolean interrupted = Thread.interrupted();
    try {
      Deletion d = store.deleteWithin(name, wait);
      if (!d.isGone() && !cutShort) {
        // Only a whole close wait unanswered means an unreachable ensemble (Liveness.closeWait).
        store.liveness().closeGaveUp();
      }
      return Optional.of(d);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  public Duration leavingWait(Duration limit) {
    Duration closeWait = store.liveness().closeWait();
    return limit.compareTo(closeWait) < 0 ? limit : closeWait;
  }

  /** Drops, without waiting, every watch set that has not fired (for an attempt that gives up). */
  public void unwatchAll() {
    for (Tracked t : watches) {
      if (untrack(t)) {
        store.unwatch(t.name, t);
      }
    }
  }

  /** The callback of a watch on {@code name}, tracked until it fires or is dropped. */
  private Tracked tracked(String name, boolean own, WatchListener onWatch) {
    Tracked onChange = new Tracked(name, own, onWatch);
    Tracked older = track(onChange);
    if (older != null) {
      store.unwatch(name, older); // set again (after a new link): one watcher is enough
    }
    return onChange;
  }

  /** Tracks {@code t}, returning the watch on the same entry it replaces, if any. */
  private synchronized @Nullable Tracked track(Tracked t) {
    Tracked[] now = watches;
    for (int i = 0; i < now.length; i++) {
      if (now[i].name.equals(t.name)) {
        Tracked older = now[i];
        Tracked[] next = now.clone();
        next[i] = t;
        watches = next;
        return older;
      }
    }
    Tracked[] next = Arrays.copyOf(now, now.length + 1);
    next[now.length] = t;
    watches = next;
    return null;
  }

  /** Stops tracking {@code t}: true if it was tracked (so only one caller unwatches it). */
  private synchronized boolean untrack(Tracked t) {
    Tracked[] now = watches;
    for (int i = 0; i < now.length; i++) {
      if (now[i] == t) {
        Tracked[] next = new Tracked[now.length - 1];
        System.arraycopy(now, 0, next, 0, i);
        System.arraycopy(now, i + 1, next, i, next.length - i);
        watches = next;
        return true;
      }
    }
    return false;
  }

  /** A watch's callback: untracked when it fires, then heard by its listener. */
  private final class Tracked implements Runnable {
    private final String name;
    private final boolean own;
    private final WatchListener onWatch;

    Tracked(String name, boolean own, WatchListener onWatch) {
      this.name = name;
      this.own = own;
      this.onWatch = onWatch;
    }

    /** Heard only while tracked: a watch dropped or replaced may still fire (its removal lost). */
    @Override
    public void run() {
      if (untrack(this)) {
        onWatch.fired(name, own);
      }
    }
  }

  /** True for the actions {@link #apply} handles. */
  public static boolean isStoreAction(CandidateAction a) {
    return a instanceof ListQueue
        || a instanceof Enter
        || a instanceof Inspect
        || a instanceof Delete
        || a instanceof Watch;
  }

  /** Applies {@link Enter} with the listing for the next {@link ListQueue} pipelined behind it. */
  public Pipelined enterAndList() {
    long epoch = store.liveness().current().number();
    QueueStore.Entered e = store.enterAndList(prefix, data);
    return new Pipelined(new CandidateEvent.Entered(epoch, e.entry()), e.names());
  }

  /** The reply to an {@link Enter}, and the names asked for behind its create. */
  public record Pipelined(CandidateEvent.Entered entered, CompletionStage<List<String>> names) {
    /** The next {@link ListQueue}'s reply if the names came in time with the entry, else null. */
    public CandidateEvent.@Nullable Listed listed(long timeoutNanos) throws InterruptedException {
      List<String> children;
      try {
        children = names.toCompletableFuture().get(Math.max(0, timeoutNanos), TimeUnit.NANOSECONDS);
      } catch (ExecutionException | TimeoutException e) {
        return null; // the usual listing follows, and reports what is wrong with the store
      }
      return children.contains(entered.entry().name())
          ? new CandidateEvent.Listed(entered.epoch(), children)
          : null;
    }
  }

  /** Hears that a watch set by {@link #apply} fired, on the store's event thread. */
  @FunctionalInterface
  public interface WatchListener {
    /** Entry {@code name} went (the {@code own} entry: or its watch was not set again). */
    void fired(String name, boolean own);
  }

  /** After the predecessor's watch fired (store's event thread): reads the queue at once. */
  public void listAfterWatch(
      String name, Consumer<? super CandidateEvent.GoneListed> listed, Consumer<Throwable> failed) {
    long epoch = store.liveness().current().number();
    store
        .listAsync()
        .whenComplete(
            (children, failure) -> {
              if (failure == null) {
                listed.accept(
                    new CandidateEvent.GoneListed(
                        name, new CandidateEvent.Listed(epoch, children)));
              } else {
                failed.accept(failure);
              }
            });
  }

  /** Applies the store action {@code a}: its reply, or null; {@code onWatch} hears of watches. */
  public @Nullable CandidateEvent apply(CandidateAction a, WatchListener onWatch) {
    long epoch = store.liveness().current().number();
    if (a instanceof ListQueue) {
      return new CandidateEvent.Listed(epoch, store.list());
    } else if (a instanceof Enter) {
      return new CandidateEvent.Entered(epoch, store.enter(prefix, data));
    } else if (a instanceof Inspect i) {
      List<QueueEntry> found = new ArrayList<>();
      for (String name : i.names()) {
        store.inspect(name).ifPresent(found::add);
      }
      return new CandidateEvent.Inspected(epoch, found);
    } else if (a instanceof Delete d) {
      if (!store.liveness().current().isConnected()) {
        store.deleteInBackground(d.name()); // never wait for the link; never leave it behind
        return null;
      }
      try {
        store.delete(d.name());
      } catch (StoreUnavailableException e) {
        store.deleteInBackground(d.name());
      }
      return null;
    } else if (a instanceof Watch w) {
      Tracked onChange = tracked(w.name(), w.own(), onWatch);
      if (w.own()) {
        store.watchAsync(w.name(), onChange);
        return null;
      }
      boolean present = store.watch(w.name(), onChange);
      if (!present) {
        untrack(onChange);
      }
      return present ? null : new CandidateEvent.Gone(w.name());
    }
    throw new IllegalArgumentException("not a store action: " + a);
  }
}
