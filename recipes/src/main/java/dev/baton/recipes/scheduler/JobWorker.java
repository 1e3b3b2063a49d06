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
 * Claims the scheduler's jobs from a {@link JobStore} and runs them, on any instance. Each attempt
 * is claimed by one worker under a lease ({@link ClaimConfig}), renewed every {@link
 * ClaimConfig#renewInterval()} while the handler runs on the worker's thread; then the job is done.
 *
 * <p>A renewal that finds the claim lost <b>interrupts the handler</b> (handlers should honour
 * interrupts); its late completion is refused. A handler that throws (an {@link Error} included) is
 * logged, counted and released ({@link JobStore#fail}) for a retry after {@link
 * ClaimConfig#retryDelay(int)}; a {@link VirtualMachineError} also stops the worker ({@link
 * #fatalError()}). A job may run more than once: make jobs idempotent ({@code
 * docs/recipes.md#fenced-lock-and-leader-only-scheduler}).
 *
 * <p>When idle, the worker purges finished jobs past their retention ({@link JobStore#purge}),
 * {@value #PURGE_BATCH} at a time, at most every purge interval (default 1 min). {@link #close()}
 * lets the job in hand finish for up to the drain timeout (default {@value #DEFAULT_DRAIN_SECONDS}
 * s), then interrupts it.
 */
public final class JobWorker implements AutoCloseable {
  /** The default drain timeout of {@link #close()}, in seconds. */
  public static final int DEFAULT_DRAIN_SECONDS = 10;

  /** How many finished jobs one purge statement deletes at most. */
  public static final int PURGE_BATCH = 100;

  /** How many purge statements one run issues at most, so that claiming is not held up. */
  private static final int PURGE_BATCHES_PER_RUN = 10;

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

  /**
   * A builder of a worker {@code workerId} that runs {@code handler} for the jobs of {@code store}.
   *
   * @throws NullPointerException if an argument is null
   */
  public static Builder builder(JobStore store, String workerId, Consumer<ScheduledJob> handler) {
    return new Builder(store, workerId, handler);
  }

  /** How many jobs failed in the handler. */
  public long failures() {
    return jobs.failures();
  }

  /**
   * How many claims were lost while their job ran here (each counted once): found by a renewal (the
   * handler was interrupted), or when marking the job done or failed was refused.
   */
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

  /** Claims and runs the pending jobs, then polls again after the interval. */
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

  /** Deletes finished jobs past their retention if the purge interval passed since last time. */
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
   * Stops gracefully: claims no more jobs, waits up to the drain timeout for the job in hand, then
   * interrupts it and returns (a handler that then throws is released for a retry; one that does
   * not return is claimed again once its lease expires). From a handler it returns at once and the
   * worker stops after that job.
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

    /**
     * How long {@link JobWorker#close()} waits for the job in hand before interrupting it; zero or
     * more, default {@value JobWorker#DEFAULT_DRAIN_SECONDS} s.
     */
    public Builder drainTimeout(Duration value) {
      this.drainTimeout = Objects.requireNonNull(value, "drainTimeout");
      return this;
    }

    /**
     * How often, at most, an idle worker deletes finished jobs past their retention ({@link
     * JobStore#purge}); at least 1 ms, default 1 min.
     */
    public Builder purgeInterval(Duration value) {
      this.purgeInterval = Objects.requireNonNull(value, "purgeInterval");
      return this;
    }

    /**
     * Validates and starts the worker.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
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
