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
 * What the queue's candidates (the election's {@link CandidateIo}, the lock's attempt) need of the
 * store: one entry each in an ordered queue, and word when the entry ahead goes. {@code
 * ZkQueueStore} keeps ephemeral sequential znodes; the simulation tests a model of ZooKeeper.
 *
 * <p>Every method may block and may throw a {@link CoordinationException} (the loop retries); a
 * {@link StoreUnavailableException} marks a failure of the link rather than of the request. An
 * interrupted call restores the interrupt flag before it throws.
 */
interface QueueStore {
  /** The queue's name, for messages and the scope of its tokens. */
  String path();

  /** The liveness of the session that owns this recipe's entries. */
  Liveness liveness();

  /**
   * Creates an entry whose name starts with {@code prefix}, owned by the current session, that goes
   * when the session ends. A create retried after a lost connection never leaves a second entry.
   */
  QueueEntry enter(String prefix, byte[] data);

  /** The names of the queue's entries, in no order; empty if the queue does not exist. */
  List<String> list();

  /**
   * Like {@link #list}, completed on the store's event thread: a candidate whose predecessor went
   * reads the queue straight from the watch, without a hand-off to its loop first.
   */
  default CompletionStage<List<String>> listAsync() {
    try {
      return CompletableFuture.completedFuture(list());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Enters like {@link #enter} and asks for the names right behind the create without waiting for
   * its answer: one round trip instead of two where the store applies a session's requests in
   * order. The names include the new entry unless the create could not be sent first; a caller that
   * does not find its entry among them lists again.
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
   * Calls {@code onChange} once, on the store's event thread, when the entry called {@code name} is
   * deleted (a change of its data is not a departure: the watch is set again).
   *
   * @return false if the entry is already gone (then {@code onChange} is never called)
   */
  boolean watch(String name, Runnable onChange);

  /**
   * Like {@link #watch}, without waiting for the store's answer (so it costs the caller no round
   * trip): {@code onChange} also runs if the entry turns out to be gone already, or if the watch
   * could not be set (again, after a change of its data).
   */
  void watchAsync(String name, Runnable onChange);

  /**
   * Drops the watch that {@link #watch} or {@link #watchAsync} set on {@code name} with this very
   * {@code onChange}, without waiting: a caller that gives up (a lock attempt that timed out) must
   * not leave a watcher per attempt in the client until the entry goes. {@code onChange} is not
   * called for the removal; a watch that already fired is no error.
   */
  default void unwatch(String name, Runnable onChange) {}

  /**
   * Deletes the entry called {@code name} if it exists.
   *
   * @return true if this call deleted it
   */
  boolean delete(String name);

  /**
   * Deletes the entry called {@code name} with one request, for a recipe that closes or releases,
   * waiting at most {@code timeout} in all for the link (if it is down) and the answer: if the
   * request fails or the answer does not come in time, the entry is left to {@link
   * #deleteInBackground} and the caller goes on.
   */
  Deletion deleteWithin(String name, Duration timeout);

  /**
   * Deletes the entry called {@code name} without waiting, and keeps trying (across reconnections)
   * until it is gone or its session ended: for entries nobody must be left waiting behind when the
   * link is down or a delete failed.
   */
  void deleteInBackground(String name);

  /**
   * Deletes in the background every entry whose name {@code ours} accepts: a leaving candidate's
   * last resort for entries it may not know of (a create whose answer was lost).
   */
  void sweepInBackground(Predicate<String> ours);

  /** The full path of the entry called {@code name}, for ownership guards. */
  String pathOf(String name);
}
