// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.concurrent.TimeUnit;

/** This JVM's live heap (heap in use after full collections) and live threads. */
record Footprint(long heapBytes, int threads) {
  private static final int GCS = 3;

  /**
   * Waits until the number of live threads has not changed for {@code stableMs} (threads of closed
   * clients end asynchronously), at most {@code timeoutMs}; then collects and reads both.
   */
  static Footprint measure(long stableMs, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    int threads = liveThreads();
    long since = System.nanoTime();
    while (System.nanoTime() - since < TimeUnit.MILLISECONDS.toNanos(stableMs)
        && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(20);
      int now = liveThreads();
      if (now != threads) {
        threads = now;
        since = System.nanoTime();
      }
    }
    for (int i = 0; i < GCS; i++) {
      System.gc();
    }
    return new Footprint(heapAfterLastGc(), liveThreads());
  }

  /**
   * The heap in use right after the last collection (the heap pools' collection usage), so that
   * whatever the JVM's threads allocate after it does not count; the current use if a pool does not
   * tell.
   */
  private static long heapAfterLastGc() {
    long used = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() != MemoryType.HEAP) {
        continue;
      }
      MemoryUsage after =
          pool.isCollectionUsageThresholdSupported() ? pool.getCollectionUsage() : null;
      used += after != null ? after.getUsed() : pool.getUsage().getUsed();
    }
    return used;
  }

  private static int liveThreads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }
}
