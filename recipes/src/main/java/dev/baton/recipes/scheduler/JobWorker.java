// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.ThreadLoopScheduler;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims the scheduler's jobs from a {@link JobStore} and runs them, on any instance. Each job is
 * claimed by exactly one worker (a conditional update); the handler runs on the worker's own
 * thread. A handler that throws (anything, an {@link Error} included) is logged and counted and
 * leaves its job RUNNING for an operator to look at; a {@link VirtualMachineError} also stops the
 * worker ({@link #fatalError()}). Jobs should be idempotent, since a worker can die between running
 * a job and recording it done.
 */
public final class JobWorker implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(JobWorker.class);

  private final JobStore store;
  private final String workerId;
  private final Consumer<ScheduledJob> handler;
  private final Duration pollInterval;
  private final SerialLoop loop;
  private final AtomicLong failures = new AtomicLong();

  private JobWorker(
      JobStore store, String workerId, Consumer<ScheduledJob> handler, Duration pollInterval) {
    this.store = store;
    this.workerId = workerId;
    this.handler = handler;
    this.pollInterval = pollInterval;
    this.loop =
        new SerialLoop(
            "worker-" + workerId,
            new ThreadLoopScheduler("worker", workerId),
            Backoff.DEFAULT,
            this::poll,
            e -> {});
    loop.execute(this::poll);
  }

  /** Starts a worker that polls every {@code pollInterval}. */
  public static JobWorker start(
      JobStore store, String workerId, Consumer<ScheduledJob> handler, Duration pollInterval) {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(workerId, "workerId");
    Objects.requireNonNull(handler, "handler");
    Objects.requireNonNull(pollInterval, "pollInterval");
    if (workerId.isBlank()) {
      throw new IllegalArgumentException("workerId must not be blank");
    }
    if (pollInterval.toMillis() < 1) {
      throw new IllegalArgumentException("pollInterval must be at least 1 ms");
    }
    return new JobWorker(store, workerId, handler, pollInterval);
  }

  /** How many jobs failed in the handler. */
  public long failures() {
    return failures.get();
  }

  /**
   * The fatal error ({@link VirtualMachineError}) that stopped this worker, if one did; it then
   * claims no more jobs.
   */
  public Optional<VirtualMachineError> fatalError() {
    return loop.fatal();
  }

  /** Claims and runs the pending jobs, then polls again after the interval. */
  private void poll() {
    drain();
    loop.schedule(pollInterval.toNanos(), this::poll);
  }

  private void drain() {
    try {
      for (Optional<ScheduledJob> job = store.claim(workerId);
          job.isPresent();
          job = store.claim(workerId)) {
        try {
          handler.accept(job.get());
          store.complete(job.get().scheduleKey(), workerId);
        } catch (VirtualMachineError e) {
          failures.incrementAndGet();
          throw e; // the loop logs it and stops: this JVM is in no state to run jobs
        } catch (RuntimeException | Error e) {
          failures.incrementAndGet();
          log.error("worker {}: job {} failed", workerId, job.get().scheduleKey(), e);
        }
      }
    } catch (RuntimeException e) {
      log.warn("worker {}: cannot claim jobs", workerId, e);
    }
  }

  @Override
  public void close() {
    loop.shutdown(Duration.ZERO);
  }
}
