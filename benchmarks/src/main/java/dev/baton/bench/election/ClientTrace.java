// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.drivers.AdvancedTracerDriver;
import org.apache.curator.drivers.EventTrace;
import org.apache.curator.drivers.OperationTrace;

/**
 * What one candidate's client did, as seen from the client: Curator's operation traces (one per
 * completed ZooKeeper operation, foreground or background, timestamped on completion).
 *
 * <p>Always counts operations and watch-setting reads (the benchmark waits for a newcomer's first
 * one to know it has settled in the queue).
 */
final class ClientTrace extends AdvancedTracerDriver {
  private final String label;
  private final AtomicLong operations = new AtomicLong();
  private final Object watchedReadsLock = new Object();
  private long watchedReads;

  ClientTrace(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  @Override
  public void addTrace(OperationTrace trace) {
    operations.incrementAndGet();
    if (trace.isWithWatcher() && trace.getName().startsWith("GetData")) {
      synchronized (watchedReadsLock) {
        watchedReads++;
        watchedReadsLock.notifyAll();
      }
    }
  }

  @Override
  public void addEvent(EventTrace trace) {
    // Connection-state events: not needed.
  }

  /**
   * A completed operation of a client without Curator (the floor contender), counted like {@link
   * #addTrace}: {@code watchSetting} marks the read that leaves a candidate idle in the queue.
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
