// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.drivers.AdvancedTracerDriver;
import org.apache.curator.drivers.EventTrace;
import org.apache.curator.drivers.OperationTrace;

/**
 * One candidate's completed ZooKeeper operations as its client saw them (Curator's traces, or the
 * floor's own count), and its watch-setting reads: a newcomer's first one means it has settled.
 */
final class ClientTrace extends AdvancedTracerDriver {
  private final AtomicLong operations = new AtomicLong();
  private final Object watchedReadsLock = new Object();
  private long watchedReads;

  @Override
  public void addTrace(OperationTrace trace) {
    countOperation(trace.isWithWatcher() && trace.getName().startsWith("GetData"));
  }

  @Override
  public void addEvent(EventTrace trace) {
    // Connection-state events: not needed.
  }

  /**
   * One completed operation; {@code watchSetting} marks the read that leaves it idle in the queue.
   */
  void countOperation(boolean watchSetting) {
    operations.incrementAndGet();
    if (watchSetting) {
      synchronized (watchedReadsLock) {
        watchedReads++;
        watchedReadsLock.notifyAll();
      }
    }
  }

  /** Completed ZooKeeper operations so far. */
  long operations() {
    return operations.get();
  }

  /**
   * Waits until at least {@code count} watch-setting reads have completed (getData with a watch in
   * the libraries, exists with a watch in the floor).
   */
  boolean awaitWatchedReads(long count, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    synchronized (watchedReadsLock) {
      while (watchedReads < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(watchedReadsLock, left);
      }
      return true;
    }
  }
}
