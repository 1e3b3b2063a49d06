package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Releasing partitions for an {@link OwnershipLoop}: ends the term, waits for the {@code revoked}
 * callback to return (at most the drain timeout), then deletes the ownership znode, only through this
 * session. The releases that finish together share one multi; failed deletes are retried. Confined to the
 * ownership loop (drain completions only enqueue work on it).
 */
final class Releaser {
  /** Logs as the ownership loop, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);

  private final OwnershipLoop ownership;
  private final LoopThread loop;
  private final Holdings holdings;
  private final OwnerNodes owners;
  private final GroupConfig config;
  private final GroupMetrics metrics;
  private final String me;
  private final LoopThread.Coalesced flushSoon;

  // Loop-confined state.
  private final SortedSet<Integer> toDelete = new TreeSet<>();

  Releaser(OwnershipLoop ownership, LoopThread loop, Holdings holdings, OwnerNodes owners,
      GroupConfig config, GroupMetrics metrics, String me) {
    this.ownership = ownership;
    this.loop = loop;
    this.holdings = holdings;
    this.owners = owners;
    this.config = config;
    this.metrics = metrics;
    this.me = me;
    this.flushSoon = loop.coalesced(OwnershipLoop.BATCH_WINDOW_MS, this::flushDeletes);
  }

  void release(int p, HeldPartition h, RevocationReason reason) {
    h.releasing = true;
    long timeoutMs = config.drainTimeout().toMillis();
    holdings.endTerm(h, reason).thenApply(v -> false)
        .completeOnTimeout(true, timeoutMs, TimeUnit.MILLISECONDS)
        .thenAccept(timedOut -> loop.execute(() -> afterDrain(p, h, timedOut)));
  }

  /** Queues the ownership znode of drained partition {@code p} for deletion by the next flush. */
  void queueDelete(int p) {
    toDelete.add(p);
  }

  /** The session ended: nothing is left to delete. */
  void clear() {
    toDelete.clear();
  }

  private void afterDrain(int p, HeldPartition h, boolean timedOut) {
    if (holdings.get(p) != h) {
      return; // the session ended meanwhile; the znode went with it
    }
    h.drained = true;
    if (timedOut) {
      metrics.drainTimedOut();
      log.warn("member {}: revoked callback of partition {} (token {}) still running after {}; "
          + "releasing anyway: fence its writes", me, p, h.lease.token(), config.drainTimeout());
    }
    toDelete.add(p);
    flushSoon.request(); // the releases that finish together share one multi
  }

  void flushDeletes() {
    if (toDelete.isEmpty() || !ownership.isConnected()) {
      return; // a reconnect within the session re-queues the drained ones (reverifyHeld)
    }
    List<Integer> batch = new ArrayList<>(toDelete);
    toDelete.clear();
    List<Integer> gone;
    try {
      gone = owners.delete(batch, ownership.sessionId());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    for (int p : gone) {
      HeldPartition h = holdings.get(p);
      if (h != null && h.releasing) {
        holdings.remove(p);
      }
    }
    if (gone.size() < batch.size()) {
      batch.removeAll(gone);
      toDelete.addAll(batch);
      ownership.scheduleRetry();
    }
    ownership.completeReleasedIfDone();
    ownership.reconcile();
  }
}
