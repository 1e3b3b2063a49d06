package dev.baton.partition.internal;

import com.google.common.util.concurrent.MoreExecutors;
import dev.baton.partition.GroupConfig;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.internal.member.LeaseHandle;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the listener's callbacks on the member's executor, one at a time and in submission order per
 * partition (a sequential executor per partition over the shared executor). Exceptions are logged with
 * the partition and token and counted; they never escape to the caller.
 */
public final class PartitionCallbacks {
  private static final Logger log = LoggerFactory.getLogger(PartitionCallbacks.class);

  private final PartitionListener listener;
  private final Executor executor;
  private final GroupMetrics metrics;
  private final Map<Integer, Executor> perPartition = new ConcurrentHashMap<>();
  private final ExecutorService ownPool;

  /** Uses the configured executor, or a cached pool of daemon threads owned (and closed) here. */
  public PartitionCallbacks(PartitionListener listener, GroupConfig config, GroupMetrics metrics) {
    this.listener = listener;
    this.metrics = metrics;
    if (config.executor().isPresent()) {
      this.ownPool = null;
      this.executor = config.executor().get();
    } else {
      AtomicInteger n = new AtomicInteger();
      this.ownPool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "baton-partition-callbacks-" + config.memberId() + "-"
            + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
      this.executor = ownPool;
    }
  }

  /** Shuts the member's own pool down (not a configured executor), waiting up to {@code wait}. */
  public void close(Duration wait) {
    if (ownPool == null) {
      return;
    }
    ownPool.shutdown();
    try {
      if (!ownPool.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("partition callbacks still running {} after close; interrupting them", wait);
        ownPool.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ownPool.shutdownNow();
    }
  }

  void assigned(LeaseHandle lease) {
    submit(lease, "assigned", () -> listener.assigned(lease));
  }

  /** Completes when {@code revoked} has returned or thrown (or could not be scheduled). */
  CompletableFuture<Void> revoked(LeaseHandle lease, RevocationReason reason) {
    return submit(lease, "revoked", () -> listener.revoked(lease, reason));
  }

  private CompletableFuture<Void> submit(LeaseHandle lease, String callback, Runnable body) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Executor serial = perPartition.computeIfAbsent(lease.partition(),
        p -> MoreExecutors.newSequentialExecutor(executor));
    try {
      serial.execute(() -> {
        try {
          body.run();
        } catch (RuntimeException | Error e) {
          metrics.callbackFailed(callback);
          log.error("partition listener {} of partition {} (token {}) threw", callback,
              lease.partition(), lease.token(), e);
        } finally {
          Thread.interrupted(); // an interrupt aimed at this callback must not reach the next
          done.complete(null);
        }
      });
    } catch (RuntimeException e) { // RejectedExecutionException, or a broken user executor
      metrics.callbackFailed(callback);
      log.error("the callback executor refused {} of partition {} (token {}); it does not run",
          callback, lease.partition(), lease.token(), e);
      done.complete(null);
    }
    return done;
  }
}
