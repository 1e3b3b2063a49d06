// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.Liveness;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;

/**
 * One lock's queue in ZooKeeper, as a {@code FencedLock}'s seat uses it: the one entry point of
 * this package for {@code dev.baton.recipes.lock}. A {@link #take} runs one attempt on the caller's
 * thread ({@code LockAttempt}: the queue's machine decides, the entry's create and the listing
 * after it are pipelined); the seat keeps the hold, its epoch and its release.
 *
 * <p>One thread takes at a time (the lock's own); {@link #linkChanged} comes from the session's
 * event thread.
 */
public final class LockQueue {
  /** Publishes the hold if the epoch is still the one the queue was read in; null if refused. */
  public interface Publisher<H> {
    @Nullable H publish(long epoch, long token, String nodePath);
  }

  private final QueueStore store;

  /** The attempt in progress, told of link changes; written by the thread taking the hold. */
  private volatile @Nullable LockAttempt<?> attempt;

  /** The queue at {@code path}, with ephemeral sequential entries of {@code client}'s session. */
  public LockQueue(CuratorFramework client, Liveness liveness, String path) {
    this.store = new ZkQueueStore(client, liveness, path);
  }

  /** The liveness of the session the entries belong to. */
  public Liveness liveness() {
    return store.liveness();
  }

  /**
   * Takes a hold on the calling thread, waiting until {@code deadline} ({@link System#nanoTime()})
   * at most; empty on timeout. On timeout, interrupt or failure the attempt's entry is deleted.
   *
   * @param onNodeChange told (on the store's event thread) the path of a watched entry that
   *     changed, so that a hold whose znode is deleted ends at once
   */
  public <H> Optional<H> take(
      long deadline,
      String ownerId,
      boolean watchHeldNode,
      Publisher<H> publisher,
      Consumer<String> onNodeChange)
      throws InterruptedException {
    LockAttempt<H> a = new LockAttempt<>(store, ownerId, watchHeldNode, publisher, onNodeChange);
    attempt = a; // before the attempt reads the epoch: no link change falls in between
    try {
      return a.run(deadline);
    } finally {
      attempt = null;
    }
  }

  /** On the session's event thread: the attempt in progress, if any, hears of the change. */
  public void linkChanged(ConnectionEpoch epoch) {
    LockAttempt<?> inProgress = attempt;
    if (inProgress != null) {
      inProgress.linkChanged(epoch);
    }
  }

  /** See {@code QueueStore.deleteWithin}. */
  public Deletion deleteWithin(String name, Duration timeout) {
    return store.deleteWithin(name, timeout);
  }

  /** See {@code QueueStore.deleteInBackground}. */
  public void deleteInBackground(String name) {
    store.deleteInBackground(name);
  }

  /**
   * The reason a held term ends on {@code epoch} under the standard policy (a lock never pauses),
   * or empty if it goes on: the queue machine's reaction to a link change.
   */
  public static Optional<RevocationReason> revocationOn(ConnectionEpoch epoch) {
    return CandidateMachine.linkReaction(false, epoch)
        .filter(a -> a instanceof CandidateAction.Revoke)
        .map(a -> ((CandidateAction.Revoke) a).reason());
  }
}
