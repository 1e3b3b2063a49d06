// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The orchestrator's waits: a condition polled every {@value #POLL_MS} ms up to a deadline, and
 * {@link #faultDuration}, the one deliberate timed wait.
 */
public final class Waits {
  static final long POLL_MS = 20;

  private Waits() {}

  /** Waits until {@code condition} holds; false if it did not within {@code within}. */
  public static boolean until(BooleanSupplier condition, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      if (condition.getAsBoolean()) {
        return true;
      }
      if (System.nanoTime() - deadline >= 0) {
        return false;
      }
      park(POLL_MS);
    }
  }

  /**
   * Waits until {@code condition} holds; {@link ChaosFailure} naming {@code what} if not in time.
   */
  public static void require(BooleanSupplier condition, Duration within, String what) {
    if (!until(condition, within)) {
      throw new ChaosFailure("not within " + within.toMillis() + " ms: " + what);
    }
  }

  /** Keeps a fault in place for {@code d}, whatever happens meanwhile. */
  public static void faultDuration(Duration d) {
    long deadline = System.nanoTime() + d.toNanos();
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new ChaosFailure("interrupted during a fault");
      }
    }
  }

  private static void park(long ms) {
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(ms));
    if (Thread.interrupted()) {
      Thread.currentThread().interrupt();
      throw new ChaosFailure("interrupted while waiting");
    }
  }
}
