// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's deletion of finished jobs past their retention ({@link JobStore#purge}): at most every
 * interval, in batches of {@link JobWorker#PURGE_BATCH}, at most {@value #BATCHES_PER_RUN} batches
 * at a time so that claiming is not held up. Run on the worker's loop only.
 */
final class IdlePurge {
  /** How many purge statements one run issues at most. */
  static final int BATCHES_PER_RUN = 10;

  private static final Logger log = LoggerFactory.getLogger(IdlePurge.class);

  private final JobStore store;
  private final String workerId;
  private final long intervalNanos;
  private final AtomicLong purged = new AtomicLong();
  private long last; // loop thread only
  private boolean ranOnce; // loop thread only

  IdlePurge(JobStore store, String workerId, Duration interval) {
    this.store = store;
    this.workerId = workerId;
    this.intervalNanos = interval.toNanos();
  }

  /** How many jobs were deleted so far. */
  long purged() {
    return purged.get();
  }

  /** Purges if the interval has passed since the last run; stops early once {@code stop} holds. */
  void runIfDue(BooleanSupplier stop) {
    long now = System.nanoTime();
    if (ranOnce && now - last < intervalNanos) {
      return;
    }
    ranOnce = true;
    last = now;
    try {
      for (int i = 0; i < BATCHES_PER_RUN && !stop.getAsBoolean(); i++) {
        int n = store.purge(JobWorker.PURGE_BATCH);
        purged.addAndGet(n);
        if (n < JobWorker.PURGE_BATCH) {
          return;
        }
      }
    } catch (RuntimeException e) {
      log.warn("worker {}: cannot delete finished jobs; trying again later", workerId, e);
    }
  }
}
