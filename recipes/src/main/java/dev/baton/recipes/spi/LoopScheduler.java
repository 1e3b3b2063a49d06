// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;

/**
 * Where a {@link SerialLoop}'s tasks run and what time it is: one thread (real or simulated), tasks
 * by due time then submission; {@link ThreadLoopScheduler} in production, a virtual clock in tests.
 */
public interface LoopScheduler {
  /** Runs {@code task} on the loop at least {@code delayNanos} from now; false if shut down. */
  boolean schedule(Runnable task, long delayNanos);

  /** The scheduler's monotonic clock, in nanoseconds. */
  long nanoTime();

  /** True on the loop's thread. */
  boolean inLoop();

  /** Stops taking tasks; tasks not yet due are dropped, a task in progress finishes. */
  void shutdown();

  /** After {@link #shutdown()}, waits up to {@code timeout} for the current task; true if done. */
  boolean awaitTermination(Duration timeout) throws InterruptedException;

  /** Interrupts the task in progress, if any (for a stop that cannot wait any longer). */
  void interrupt();

  /** True once shut down, or once the loop's thread died. */
  boolean isShutdown();
}
