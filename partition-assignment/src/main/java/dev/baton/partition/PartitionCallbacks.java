// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.OwnershipHandles.OwnershipHandle;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the listener's callbacks on a {@link SerialLoop} per partition, as {@link PartitionListener}
 * describes: in submission order, so a hanging {@code revoked} holds up only its own partition. A
 * {@link VirtualMachineError} ends that partition's loop; its next term gets a new one. Any thread.
 */
final class PartitionCallbacks {
  private static final Logger log = LoggerFactory.getLogger(PartitionCallbacks.class);

  /** One partition's callback loop; a fatal error removes it, so the next callback gets another. */
  private final class Loop {
    final ThreadLoopScheduler scheduler;
    final SerialLoop loop;

    Loop(int partition) {
      String name = memberId + "-" + partition;
      this.scheduler = new ThreadLoopScheduler("partition-callbacks", name);
      this.loop =
          new SerialLoop(
              "partition-callbacks-" + name,
              scheduler,
              Backoff.DEFAULT,
              () -> {},
              e -> loops.remove(partition, this));
    }
  }

  private final PartitionListener listener;
  private final String memberId;
  private final GroupMetrics metrics;
  private final Map<Integer, Loop> loops = new ConcurrentHashMap<>();
  private volatile boolean closed;

  public PartitionCallbacks(PartitionListener listener, String memberId, GroupMetrics metrics) {
    this.listener = listener;
    this.memberId = memberId;
    this.metrics = metrics;
  }

  /** Lets queued callbacks finish for up to {@code wait}, then interrupts; later ones never run. */
  public void close(Duration wait) {
    closed = true;
    long deadline = System.nanoTime() + wait.toNanos();
    for (Loop l : loops.values()) {
      if (!l.scheduler.shutdownIfIdle()) {
        l.loop.drain(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
      }
    }
  }

  void assigned(OwnershipHandle ownership) {
    // Nobody waits for assigned to return; submit's future always completes normally.
    var unused = submit(ownership, "assigned", () -> listener.assigned(ownership));
  }

  /** Completes when {@code revoked} has returned or thrown (or cannot run: closed). */
  CompletableFuture<Void> revoked(OwnershipHandle ownership, RevocationReason reason) {
    return submit(ownership, "revoked", () -> listener.revoked(ownership, reason));
  }

  private CompletableFuture<Void> submit(OwnershipHandle o, String callback, Runnable body) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    SerialLoop loop = closed ? null : loops.computeIfAbsent(o.partition(), Loop::new).loop;
    if (loop == null || !loop.isRunning()) {
      metrics.callbackFailed(callback);
      log.error(
          "member {} is closed: {} of partition {} (token {}) does not run",
          memberId,
          callback,
          o.partition(),
          o.token());
      done.complete(null);
      return done;
    }
    loop.execute(
        () -> {
          try {
            body.run();
          } catch (VirtualMachineError e) {
            metrics.callbackFailed(callback);
            throw e; // ends this partition's loop, logged there
          } catch (Throwable e) { // errors, and checked exceptions thrown sneakily
            metrics.callbackFailed(callback);
            log.error(
                "partition listener {} of partition {} (token {}) threw",
                callback,
                o.partition(),
                o.token(),
                e);
          } finally {
            done.complete(null);
          }
        });
    return done;
  }
}
