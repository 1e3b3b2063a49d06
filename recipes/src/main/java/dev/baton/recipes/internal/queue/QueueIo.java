// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import dev.baton.recipes.internal.queue.CandidateAction.Delete;
import dev.baton.recipes.internal.queue.CandidateAction.Enter;
import dev.baton.recipes.internal.queue.CandidateAction.Inspect;
import dev.baton.recipes.internal.queue.CandidateAction.ListQueue;
import dev.baton.recipes.internal.queue.CandidateAction.Watch;
import dev.baton.recipes.kernel.QueueEntry;
import dev.baton.recipes.kernel.QueueStore;
import dev.baton.recipes.kernel.StoreUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Applies a {@link CandidateMachine}'s store actions ({@link ListQueue}, {@link Enter}, {@link
 * Inspect}, {@link Delete}, {@link Watch}) to a {@link QueueStore} and turns the answers into the
 * machine's reply events; the election's loop and a lock attempt share it. Replies carry the epoch
 * read before the request, so the machine ignores an answer from an earlier connection.
 */
public final class QueueIo {
  private final QueueStore store;
  private final String key;
  private final String prefix;
  private final byte[] data;

  /** I/O for the candidate with {@code key}, whose entries carry {@code owner}'s id as data. */
  public QueueIo(QueueStore store, String key, String owner) {
    this.store = store;
    this.key = key;
    this.prefix = CandidateName.prefixFor(key);
    this.data = CandidateData.encode(owner);
  }

  /**
   * Deletes in the background every entry of this candidate's key that is still in the queue: for a
   * candidate that leaves, after its own {@link Delete}, in case a create's answer was lost.
   */
  public void sweep() {
    store.sweepInBackground(
        child -> CandidateName.parse(child).map(n -> n.key().equals(key)).orElse(false));
  }

  /** True for the actions {@link #apply} handles. */
  public static boolean isStoreAction(CandidateAction a) {
    return a instanceof ListQueue
        || a instanceof Enter
        || a instanceof Inspect
        || a instanceof Delete
        || a instanceof Watch;
  }

  /**
   * Applies the store action {@code a}; {@code onWatch} receives the name of a watched entry when
   * its watch fires, on the store's event thread.
   *
   * @return the reply event, or null if the action has none
   */
  public @Nullable CandidateEvent apply(CandidateAction a, Consumer<String> onWatch) {
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
      if (w.own()) {
        store.watchAsync(w.name(), () -> onWatch.accept(w.name()));
        return null;
      }
      boolean present = store.watch(w.name(), () -> onWatch.accept(w.name()));
      return present ? null : new CandidateEvent.Gone(w.name());
    }
    throw new IllegalArgumentException("not a store action: " + a);
  }
}
