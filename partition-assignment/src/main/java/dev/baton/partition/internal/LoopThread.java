package dev.baton.partition.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread of an {@link OwnershipLoop}: one daemon thread that runs the loop's tasks in order, so the
 * loop's state needs no locks. Tasks may be submitted from any thread; a task that throws is logged and
 * then reported to {@code onFailure}, on the loop.
 */
final class LoopThread {
  /** Logs as the ownership loop, whose plumbing this is. */
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);

  private final String me;
  private final Runnable onFailure;
  private final ScheduledExecutorService loop;

  LoopThread(String me, Runnable onFailure) {
    this.me = me;
    this.onFailure = onFailure;
    this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "baton-partition-" + me);
      t.setDaemon(true);
      return t;
    });
  }

  /** Runs {@code task} on the loop, unless the loop has stopped. */
  void execute(Runnable task) {
    try {
      loop.execute(() -> {
        try {
          task.run();
        } catch (RuntimeException e) {
          log.error("member {}: ownership loop task failed", me, e);
          onFailure.run();
        }
      });
    } catch (RejectedExecutionException e) {
      log.debug("member {}: loop stopped; dropping a task", me);
    }
  }

  /** Runs {@code task} on the loop after {@code delayMs}, unless the loop has stopped. */
  void later(long delayMs, Runnable task) {
    try {
      loop.schedule(() -> execute(task), delayMs, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      log.debug("member {}: loop stopped; not scheduling", me);
    }
  }

  /** A task run {@code delayMs} after a request; see {@link Coalesced}. */
  Coalesced coalesced(long delayMs, Runnable task) {
    return new Coalesced(delayMs, task);
  }

  /** Stops the loop: it takes no new tasks; waits up to 5 s for it to finish. */
  void shutdown() {
    loop.shutdown();
    try {
      loop.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A task that runs on the loop {@code delayMs} after it is requested; the requests made while it is
   * scheduled share that one run. Loop-confined.
   */
  final class Coalesced {
    private final long delayMs;
    private final Runnable task;
    private boolean scheduled;

    private Coalesced(long delayMs, Runnable task) {
      this.delayMs = delayMs;
      this.task = task;
    }

    void request() {
      if (!scheduled) {
        scheduled = true;
        later(delayMs, () -> {
          scheduled = false;
          task.run();
        });
      }
    }
  }
}
