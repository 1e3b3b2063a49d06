// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import com.google.common.util.concurrent.MoreExecutors;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.kernel.BatonThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the listener's callbacks on the member's own callback pool ({@code
 * baton-partition-callbacks- <member>} daemon threads, created on demand and ended after a minute
 * idle), one at a time and in submission order per partition (a sequential executor per partition
 * over the pool), so callbacks of different partitions may overlap and a hanging {@code revoked}
 * holds up only its own partition. Never on the member's loop, ZooKeeper's or Curator's threads,
 * and never under a lock. Exceptions and errors thrown by a callback are logged with the partition
 * and token and counted; they never escape. Submit from any thread.
 */
public final class PartitionCallbacks {
  private static final Logger log = LoggerFactory.getLogger(PartitionCallbacks.class);

  private final PartitionListener listener;
  private final GroupMetrics metrics;
  private final ExecutorService pool;
  private final Map<Integer, Executor> perPartition = new ConcurrentHashMap<>();

  /** Workers whose start is left to a pool thread, while {@link #assigned(List)} submits. */
  private final ThreadLocal<List<Runnable>> deferred = new ThreadLocal<>();

  /**
   * Where a partition's sequential executor starts its worker: on the pool, at once, or (while a
   * batch is submitted) later, by a pool thread.
   */
  private final Executor starter = this::startWorker;

  public PartitionCallbacks(PartitionListener listener, String memberId, GroupMetrics metrics) {
    this.listener = listener;
    this.metrics = metrics;
    this.pool =
        new ThreadPoolExecutor(
            0,
            Integer.MAX_VALUE,
            60,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            BatonThreads.factory("partition-callbacks", memberId));
  }

  /**
   * Shuts the pool down, waiting up to {@code wait} for callbacks in progress, then interrupts
   * them.
   */
  public void close(Duration wait) {
    pool.shutdown();
    try {
      if (!pool.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("partition callbacks still running {} after close; interrupting them", wait);
        pool.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      pool.shutdownNow();
    }
  }

  void assigned(OwnershipHandle ownership) {
    // Nobody waits for assigned to return; submit's future always completes normally.
    var unused = submit(ownership, "assigned", () -> listener.assigned(ownership));
  }

  /**
   * Submits {@code assigned} of each ownership, in order, without starting the pool's threads on the
   * caller's thread: a pool thread starts them (the pool may start a thread per callback, which
   * would hold up the caller, the member's loop, for many partitions). Each partition's callbacks
   * still run in submission order: they are queued on its sequential executor here.
   */
  void assigned(List<OwnershipHandle> ownerships) {
    if (ownerships.size() == 1) {
      assigned(ownerships.get(0));
      return;
    }
    List<Runnable> workers = new ArrayList<>();
    deferred.set(workers);
    try {
      ownerships.forEach(this::assigned);
    } finally {
      deferred.remove();
    }
    if (workers.isEmpty()) {
      return;
    }
    try {
      pool.execute(() -> workers.forEach(this::start));
    } catch (RejectedExecutionException e) { // the member is closing: nothing more runs
      log.error("the callback pool refused {} assigned callbacks; they do not run", workers.size());
    }
  }

  private void startWorker(Runnable worker) {
    List<Runnable> batch = deferred.get();
    if (batch != null) {
      batch.add(worker);
    } else {
      pool.execute(worker);
    }
  }

  private void start(Runnable worker) {
    try {
      pool.execute(worker);
    } catch (RejectedExecutionException e) {
      log.error("the callback pool refused a partition's callbacks; they do not run", e);
    }
  }

  /** Completes when {@code revoked} has returned or thrown (or could not be scheduled). */
  CompletableFuture<Void> revoked(OwnershipHandle ownership, RevocationReason reason) {
    return submit(ownership, "revoked", () -> listener.revoked(ownership, reason));
  }

  private CompletableFuture<Void> submit(OwnershipHandle ownership, String callback, Runnable body) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Executor serial =
        perPartition.computeIfAbsent(
            ownership.partition(), p -> MoreExecutors.newSequentialExecutor(starter));
    try {
      serial.execute(
          () -> {
            try {
              body.run();
            } catch (
                Throwable e) { // logged and counted; a callback never kills a pool thread silently
              metrics.callbackFailed(callback);
              log.error(
                  "partition listener {} of partition {} (token {}) threw",
                  callback,
                  ownership.partition(),
                  ownership.token(),
                  e);
              if (e instanceof VirtualMachineError fatal) {
                done.complete(null);
                throw fatal; // ends this pool thread; the pool starts another
              }
            } finally {
              Thread.interrupted(); // an interrupt aimed at this callback must not reach the next
              done.complete(null);
            }
          });
    } catch (RuntimeException e) { // RejectedExecutionException: the member is closing
      metrics.callbackFailed(callback);
      log.error(
          "the callback pool refused {} of partition {} (token {}); it does not run",
          callback,
          ownership.partition(),
          ownership.token(),
          e);
      done.complete(null);
    }
    return done;
  }
}
