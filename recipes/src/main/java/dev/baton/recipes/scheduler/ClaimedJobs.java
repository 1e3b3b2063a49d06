// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.spi.BatonThreads;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs a {@link JobWorker}'s claimed jobs, renewing each claim on a thread of its own. */
final class ClaimedJobs implements AutoCloseable {
  // logged under the worker's name, as users configure it
  private static final Logger log = LoggerFactory.getLogger(JobWorker.class);

  private final JobStore store;
  private final String workerId;
  private final Consumer<ScheduledJob> handler;
  private final ScheduledThreadPoolExecutor renewer;
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong lostClaims = new AtomicLong();
  private final AtomicLong interrupted = new AtomicLong();

  ClaimedJobs(JobStore store, String workerId, Consumer<ScheduledJob> handler) {
    this.store = store;
    this.workerId = workerId;
    this.handler = handler;
    this.renewer =
        new ScheduledThreadPoolExecutor(1, BatonThreads.factory("claim-renewer", workerId));
    renewer.setRemoveOnCancelPolicy(true);
  }

  long failures() {
    return failures.get();
  }

  long lostClaims() {
    return lostClaims.get();
  }

  long interruptedHandlers() {
    return interrupted.get();
  }

  /** Runs the job of {@code claim} and records its outcome; lets a VirtualMachineError out. */
  void run(ScheduledJob claim) {
    HandlerRun handlerRun = new HandlerRun();
    long every = store.claimConfig().renewInterval().toNanos();
    AtomicBoolean lostFound = new AtomicBoolean();
    ScheduledFuture<?> renewal =
        renewer.scheduleWithFixedDelay(
            () -> renew(claim, lostFound, handlerRun), every, every, TimeUnit.NANOSECONDS);
    Throwable failure = null;
    boolean lost;
    try {
      handler.accept(claim);
    } catch (VirtualMachineError e) {
      failures.incrementAndGet();
      throw e; // the loop logs it and stops: this JVM is in no state to run jobs
    } catch (RuntimeException | Error e) {
      failure = e;
    } finally {
      renewal.cancel(false);
      lost = handlerRun.finish();
    }
    if (failure != null) {
      failed(claim, failure, lost);
    } else if (!store.complete(claim)) {
      refused(claim, lost, "ran");
    }
  }

  /** Renews {@code claim}; the first renewal that finds it lost interrupts the handler, once. */
  private void renew(ScheduledJob claim, AtomicBoolean lost, HandlerRun handlerRun) {
    if (lost.get()) {
      return;
    }
    try {
      if (!store.renew(claim)) {
        lost.set(true);
        log.warn(
            "worker {}: the claim of job {} attempt {} was lost (it expired and was claimed "
                + "again, or the job was marked failed); interrupting its handler, whose "
                + "completion will be refused",
            workerId,
            claim.scheduleKey(),
            claim.attempts());
        lostClaims.incrementAndGet();
        interrupted.incrementAndGet();
        handlerRun.interrupt();
      }
    } catch (RuntimeException e) {
      log.warn(
          "worker {}: cannot renew the claim of {}; retrying", workerId, claim.scheduleKey(), e);
    }
  }

  private void failed(ScheduledJob claim, Throwable failure, boolean lost) {
    failures.incrementAndGet();
    boolean last = claim.attempts() >= store.claimConfig().maxAttempts();
    log.error(
        "worker {}: job {} attempt {} failed{}",
        workerId,
        claim.scheduleKey(),
        claim.attempts(),
        lost
            ? " after its claim was lost"
            : last
                ? "; it was the last attempt: the job is marked FAILED"
                : "; retried after " + store.claimConfig().retryDelay(claim.attempts()),
        failure);
    try {
      if (!store.fail(claim, failure)) {
        refused(claim, lost, "failed");
      }
    } catch (RuntimeException e) {
      log.warn(
          "worker {}: cannot release job {}; it is retried after its claim lease",
          workerId,
          claim.scheduleKey(),
          e);
    }
  }

  private void refused(ScheduledJob claim, boolean lost, String what) {
    if (!lost) {
      lostClaims.incrementAndGet();
    }
    log.warn(
        "worker {}: job {} attempt {} {}, but its claim was lost (it expired and the job was claimed "
            + "again, or it was marked failed); the newer outcome stands",
        workerId,
        claim.scheduleKey(),
        claim.attempts(),
        what);
  }

  @Override
  public void close() {
    renewer.shutdownNow();
  }
}
