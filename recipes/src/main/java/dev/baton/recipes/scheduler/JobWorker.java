// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import dev.baton.recipes.spi.Validation;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims the scheduler's jobs from a {@link JobStore} and runs them on the worker's thread, on any
 * instance, each attempt under a lease ({@link ClaimConfig}) renewed while the handler runs. A
 * renewal that finds the claim lost <b>interrupts the handler</b> (handlers should honour
 * interrupts) and its late completion is refused. A handler that throws (an {@link Error} included)
 * is logged, counted and released ({@link JobStore#fail}) for a retry; a {@link
 * VirtualMachineError} also stops the worker ({@link #fatalError()}). A job may run more than once:
 * make jobs idempotent. When idle, the worker purges finished jobs past their retention.
 */
public final class JobWorker implements AutoCloseable {
  /** The default drain timeout of {@link #close()}, in seconds. */
  public static final int DEFAULT_DRAIN_SECONDS = 10;

  /** How many finished jobs one purge statement deletes at most. */
  public static final int PURGE_BATCH = 100;

  private static final int PURGE_BATCHES_PER_RUN = 10; // at most, not to hold up claiming

  private static final Logger log = LoggerFactory.getLogger(JobWorker.class);

  private final JobStore store;
  private final String workerId;
  private final Duration pollInterval;
  private final Duration drainTimeout;
  private final SerialLoop loop;
  private final ClaimedJobs jobs;
  private final long purgeNanos;
  private final AtomicLong purged = new AtomicLong();
  private long lastPurge; // loop thread only
  private boolean purgedOnce; // loop thread only
  private volatile boolean closing;

  private JobWorker(Builder b) {
    this.store = b.store;
    this.workerId = b.workerId;
    this.pollInterval = b.pollInterval;
    this.drainTimeout = b.drainTimeout;
    this.purgeNanos = b.purgeInterval.toNanos();
    this.jobs = new ClaimedJobs(store, workerId, b.handler);
    this.loop =
        new SerialLoop(
            "worker-" + workerId,
            new ThreadLoopScheduler("worker", workerId),
            Backoff.DEFAULT,
            this::poll,
            e -> {});
    loop.execute(this::poll);
  }

  /** Starts a worker that polls every {@code pollInterval}, with the default drain timeout. */
  public static JobWorker start(
      JobStore store, String workerId, Consumer<ScheduledJob> handler, Duration pollInterval) {
    return builder(store, workerId, handler).pollInterval(pollInterval).start();
  }

  /** A builder of worker {@code workerId} running {@code handler} on the jobs of {@code store}. */
  public static Builder builder(JobStore store, String workerId, Consumer<ScheduledJob> handler) {
    return new Builder(store, workerId, handler);
  }

  /** How many jobs failed in the handler. */
  public long failures() {
    return jobs.failures();
  }

  /** How many claims were lost while their job ran here (by a renewal or a refused outcome). */
  public long lostClaims() {
    return jobs.lostClaims();
  }

  /** How many handlers were interrupted because a renewal found their claim lost. */
  public long interruptedHandlers() {
    return jobs.interruptedHandlers();
  }

  /** How many finished jobs this worker deleted past their retention. */
  public long purgedJobs() {
    return purged.get();
  }

  /** The fatal error ({@link VirtualMachineError}) that stopped this worker, if one did. */
  public Optional<VirtualMachineError> fatalError() {
    return loop.fatal();
  }

  private void poll() {
    drain();
    if (!closing) {
      purgeIfDue();
      loop.schedule(pollInterval.toNanos(), this::poll);
    }
  }

  private void drain() {
    try {
      while (!closing) {
        Optional<ScheduledJob> job = store.claim(workerId);
        if (job.isEmpty()) {
          return;
        }
        jobs.run(job.get());
      }
    } catch (RuntimeException e) {
      log.warn("worker {}: cannot claim jobs", workerId, e);
    }
  }

  private void purgeIfDue() {
    long now = System.nanoTime();
    if (purgedOnce && now - lastPurge < purgeNanos) {
      return;
    }
    purgedOnce = true;
    lastPurge = now;
    try {
      for (int i = 0; i < PURGE_BATCHES_PER_RUN && !closing; i++) {
        int n = store.purge(PURGE_BATCH);
        purged.addAndGet(n);
        if (n < PURGE_BATCH) {
          return;
        }
      }
    } catch (RuntimeException e) {
      log.warn("worker {}: cannot delete finished jobs; trying again later", workerId, e);
    }
  }

  /**
   * Stops: claims no more jobs, waits up to the drain timeout for the job in hand, then interrupts
   * it (if it never returns, it is claimed again after its lease). From a handler, returns at once.
   */
  @Override
  public void close() {
    closing = true;
    if (!loop.drain(drainTimeout)) {
      log.warn("worker {}: the job in hand did not finish within {}", workerId, drainTimeout);
    }
    jobs.close();
  }

  /** Builder of {@link JobWorker}; not thread-safe. */
  public static final class Builder {
    private final JobStore store;
    private final String workerId;
    private final Consumer<ScheduledJob> handler;
    private Duration pollInterval = Duration.ofSeconds(1);
    private Duration drainTimeout = Duration.ofSeconds(DEFAULT_DRAIN_SECONDS);
    private Duration purgeInterval = Duration.ofMinutes(1);

    private Builder(JobStore store, String workerId, Consumer<ScheduledJob> handler) {
      this.store = Objects.requireNonNull(store, "store");
      this.workerId = Objects.requireNonNull(workerId, "workerId");
      this.handler = Objects.requireNonNull(handler, "handler");
    }

    /** How long to wait between polls that found no job; at least 1 ms, default 1 s. */
    public Builder pollInterval(Duration value) {
      this.pollInterval = Objects.requireNonNull(value, "pollInterval");
      return this;
    }

    /** How long {@link JobWorker#close()} waits for the job in hand; zero or more, default 10 s. */
    public Builder drainTimeout(Duration value) {
      this.drainTimeout = Objects.requireNonNull(value, "drainTimeout");
      return this;
    }

    /** How often, at most, an idle worker purges finished jobs; at least 1 ms, default 1 min. */
    public Builder purgeInterval(Duration value) {
      this.purgeInterval = Objects.requireNonNull(value, "purgeInterval");
      return this;
    }

    /** Validates and starts the worker; IllegalArgumentException names an invalid field. */
    public JobWorker start() {
      if (workerId.isBlank() || workerId.length() > 255) {
        throw new IllegalArgumentException("workerId must be 1 to 255 characters, not blank");
      }
      Validation.atLeastMillis("pollInterval", pollInterval);
      Validation.atLeastMillis("purgeInterval", purgeInterval);
      Validation.nonNegative("drainTimeout", drainTimeout);
      return new JobWorker(this);
    }
  }
}
