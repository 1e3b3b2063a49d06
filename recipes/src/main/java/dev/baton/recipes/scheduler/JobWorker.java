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
 * Claims the scheduler's jobs from a {@link JobStore} and runs them, on any instance. Each attempt
 * of a job is claimed by exactly one worker (a conditional update) under a lease ({@link
 * ClaimConfig}); the handler runs on the worker's own thread, and the worker renews the claim every
 * {@link ClaimConfig#renewInterval()} while the handler runs, so a job may run longer than the
 * lease. When the handler returns, the worker marks the job done, unless its claim expired and
 * another worker took the job over: then the newer attempt's outcome stands and {@link
 * #lostClaims()} counts it.
 *
 * <p>A handler that throws (anything, an {@link Error} included) is logged and counted; its claim
 * is no longer renewed, so the job is retried once the lease expires, up to {@link
 * ClaimConfig#maxAttempts()}. A {@link VirtualMachineError} also stops the worker ({@link
 * #fatalError()}). A job may run more than once (its worker died, froze past its lease, or lost the
 * database, after or while running it): make jobs idempotent; {@link ScheduledJob#attempts()} tells
 * a retry.
 *
 * <p>{@link #close()} stops claiming, lets the job in hand finish for up to the drain timeout
 * (default {@value #DEFAULT_DRAIN_SECONDS} s), then interrupts it.
 */
public final class JobWorker implements AutoCloseable {
  /** The default drain timeout of {@link #close()}, in seconds. */
  public static final int DEFAULT_DRAIN_SECONDS = 10;

  private static final Logger log = LoggerFactory.getLogger(JobWorker.class);

  private final JobStore store;
  private final String workerId;
  private final Consumer<ScheduledJob> handler;
  private final Duration pollInterval;
  private final Duration drainTimeout;
  private final SerialLoop loop;
  private final ClaimRenewer renewer;
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong lostClaims = new AtomicLong();
  private volatile boolean closing;

  private JobWorker(Builder b) {
    this.store = b.store;
    this.workerId = b.workerId;
    this.handler = b.handler;
    this.pollInterval = b.pollInterval;
    this.drainTimeout = b.drainTimeout;
    this.renewer = new ClaimRenewer(store, workerId);
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
    return failures.get();
  }

  /**
   * How many jobs ran here to the end but could not be marked done, because their claim had expired
   * and another worker had claimed them again.
   */
  public long lostClaims() {
    return lostClaims.get();
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
    if (!closing) {
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
        run(job.get());
      }
    } catch (RuntimeException e) {
      log.warn("worker {}: cannot claim jobs", workerId, e);
    }
  }

  private void run(ScheduledJob claim) {
    ClaimRenewer.Renewal renewal = renewer.renewWhileRunning(claim);
    try {
      handler.accept(claim);
    } catch (VirtualMachineError e) {
      failures.incrementAndGet();
      throw e; // the loop logs it and stops: this JVM is in no state to run jobs
    } catch (RuntimeException | Error e) {
      failures.incrementAndGet();
      log.error(
          "worker {}: job {} attempt {} failed; it is retried after its claim lease",
          workerId,
          claim.scheduleKey(),
          claim.attempts(),
          e);
      return;
    } finally {
      renewal.close();
    }
    if (!store.complete(claim)) {
      lostClaims.incrementAndGet();
      log.warn(
          "worker {}: job {} attempt {} ran, but its claim expired and the job was claimed again; "
              + "the newer attempt's outcome stands",
          workerId,
          claim.scheduleKey(),
          claim.attempts());
    }
  }

  /**
   * Stops gracefully: claims no more jobs, waits up to the drain timeout for the job in hand to
   * finish (and be marked done), then interrupts it and returns; an interrupted job that does not
   * complete is claimed again by another worker once its lease expires. Called from a handler, it
   * returns at once and the worker stops after that job.
   */
  @Override
  public void close() {
    closing = true;
    if (!loop.drain(drainTimeout)) {
      log.warn("worker {}: the job in hand did not finish within {}", workerId, drainTimeout);
    }
    renewer.close();
  }

  /** Builder of {@link JobWorker}; not thread-safe. */
  public static final class Builder {
    private final JobStore store;
    private final String workerId;
    private final Consumer<ScheduledJob> handler;
    private Duration pollInterval = Duration.ofSeconds(1);
    private Duration drainTimeout = Duration.ofSeconds(DEFAULT_DRAIN_SECONDS);

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
     * Validates and starts the worker.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    public JobWorker start() {
      if (workerId.isBlank() || workerId.length() > 255) {
        throw new IllegalArgumentException("workerId must be 1 to 255 characters, not blank");
      }
      if (pollInterval.toMillis() < 1) {
        throw new IllegalArgumentException("pollInterval must be at least 1 ms");
      }
      if (drainTimeout.isNegative()) {
        throw new IllegalArgumentException("drainTimeout must not be negative");
      }
      return new JobWorker(this);
    }
  }
}
