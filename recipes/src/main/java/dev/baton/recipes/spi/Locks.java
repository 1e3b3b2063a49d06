// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/** Lock helpers for the closing path of the {@link Shell}. */
final class Locks {
  private Locks() {}

  /**
   * Takes {@code lock} within {@code wait}; true if taken. An interrupt does not cut the wait short
   * (a close is cleanup: a term's callback that closes its election was just interrupted by that
   * close); the flag is restored afterwards.
   */
  static boolean tryLock(Lock lock, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          return lock.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
