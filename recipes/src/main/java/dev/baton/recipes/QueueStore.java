// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.Liveness;
import dev.baton.recipes.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/**
 * What the queue's candidates (election and lock) need of the store: one entry each in an ordered
 * queue, and word when the entry ahead goes. Every method may block and throw a {@link
 * CoordinationException} (the loop retries); a {@link StoreUnavailableException} marks a failure of
 * the link, not the request. An interrupted call restores the interrupt flag before it throws.
 */
interface QueueStore {
  /** The queue's name, for messages and the scope of its tokens. */
  String path();

  /** The liveness of the session that owns this recipe's entries. */
  Liveness liveness();

  /**
   * Creates an entry named from {@code prefix} that goes with the current session; a create retried
   * after a lost connection never leaves a second entry.
   */
  QueueEntry enter(String prefix, byte[] data);

  /** The names of the queue's entries, in no order; empty if the queue does not exist. */
  List<String> list();

  /** Like {@link #list}, completed on the store's event thread (read straight from a watch). */
  default CompletionStage<List<String>> listAsync() {
    try {
      return CompletableFuture.completedFuture(list());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Enters, then lists right behind the create without waiting: one round trip where the store
   * keeps a session's order. A caller not finding its entry lists again.
   */
  default Entered enterAndList(String prefix, byte[] data) {
    QueueEntry entry = enter(prefix, data);
    return new Entered(entry, listAsync());
  }

  /** An entry just created, and the queue's names asked for right behind its create. */
  record Entered(QueueEntry entry, CompletionStage<List<String>> names) {}

  /** The entry called {@code name}, if it exists. */
  Optional<QueueEntry> inspect(String name);

  /**
   * Calls {@code onChange} once, on the store's event thread, when entry {@code name} is deleted
   * (not on a data change); false if it is already gone (then never called).
   */
  boolean watch(String name, Runnable onChange);

  /** Like {@link #watch} without waiting; {@code onChange} also runs if gone or not set. */
  void watchAsync(String name, Runnable onChange);

  /**
   * Drops, without waiting, the watch set on {@code name} with {@code onChange}; one whose removal
   * a lost link cut short may still call it.
   */
  default void unwatch(String name, Runnable onChange) {}

  /** Deletes the entry called {@code name} if it exists; true if this call deleted it. */
  boolean delete(String name);

  /** Deletes {@code name} with one request within {@code timeout}, else in the background. */
  Deletion deleteWithin(String name, Duration timeout);

  /** Deletes {@code name} without waiting; retries across reconnections until gone or expired. */
  void deleteInBackground(String name);

  /** Deletes in the background every entry {@code ours} accepts: a leaver's last resort. */
  void sweepInBackground(Predicate<String> ours);

  /** The full path of the entry called {@code name}, for ownership guards. */
  String pathOf(String name);
}
