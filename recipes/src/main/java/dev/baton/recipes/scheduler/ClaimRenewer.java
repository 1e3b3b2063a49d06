// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.spi.BatonThreads;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews the claim of a worker's job in hand every {@link ClaimConfig#renewInterval()}, on a thread
 * of its own, so that the claim outlives its lease while the job runs and expires soon after the
 * worker stops (dies, freezes, or cannot reach the store).
 */
final class ClaimRenewer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ClaimRenewer.class);

  private final JobStore store;
  private final String workerId;
  private final ScheduledThreadPoolExecutor executor;

  ClaimRenewer(JobStore store, String workerId) {
    this.store = store;
    this.workerId = workerId;
    this.executor =
        new ScheduledThreadPoolExecutor(1, BatonThreads.factory("claim-renewer", workerId));
    executor.setRemoveOnCancelPolicy(true);
  }

  /** The renewals of one claim, until closed. */
  interface Renewal {
    /** Stops renewing the claim. */
    void close();
  }

  /**
   * Renews {@code claim} every renew interval until the returned renewal is closed, or until a
   * renewal finds the claim lost (then the job's completion will be refused too): then {@code
   * onLost} runs once, on the renewer's thread.
   */
  Renewal renewWhileRunning(ScheduledJob claim, Runnable onLost) {
    long every = store.claimConfig().renewInterval().toNanos();
    AtomicBoolean lost = new AtomicBoolean();
    ScheduledFuture<?> future =
        executor.scheduleWithFixedDelay(
            () -> renew(claim, lost, onLost), every, every, TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }

  private void renew(ScheduledJob claim, AtomicBoolean lost, Runnable onLost) {
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
        onLost.run();
      }
    } catch (RuntimeException e) {
      log.warn(
          "worker {}: cannot renew the claim of {}; retrying", workerId, claim.scheduleKey(), e);
    }
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
