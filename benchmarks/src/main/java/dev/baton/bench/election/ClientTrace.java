// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * one to know it has settled in the queue); keeps individual entries only while recording.
 */
final class ClientTrace extends AdvancedTracerDriver {
  /** One recorded thing; {@code start} is -1 when only the completion time is known. */
  record Entry(Kind kind, String name, long start, long end, String thread) {
    long duration() {
      return end - start;
    }
  }

  /** Where an entry comes from. */
  enum Kind {
    /**
     * A completed operation as the client's operation tracer reports it (Curator's tracer, or the
     * floor contender's own count): completion time only.
     */
    CURATOR_OP
  }

  private final String label;
  private final AtomicLong operations = new AtomicLong();
  private final Object watchedReadsLock = new Object();
  private long watchedReads;
  private volatile boolean recording;
  private final ConcurrentLinkedQueue<Entry> entries = new ConcurrentLinkedQueue<>();

  ClientTrace(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  @Override
  public void addTrace(OperationTrace trace) {
    long now = System.nanoTime();
    operations.incrementAndGet();
    if (trace.isWithWatcher() && trace.getName().startsWith("GetData")) {
      synchronized (watchedReadsLock) {
        watchedReads++;
        watchedReadsLock.notifyAll();
      }
    }
    if (recording) {
      String name =
          trace.getName().replace("BuilderImpl", "") + (trace.isWithWatcher() ? "(watch)" : "");
      entries.add(new Entry(Kind.CURATOR_OP, name, -1, now, Thread.currentThread().getName()));
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
  void countOperation(String name, boolean watchSetting) {
    long now = System.nanoTime();
    operations.incrementAndGet();
    if (watchSetting) {
      synchronized (watchedReadsLock) {
        watchedReads++;
        watchedReadsLock.notifyAll();
      }
    }
    if (recording) {
      entries.add(
          new Entry(
              Kind.CURATOR_OP,
              name + (watchSetting ? "(watch)" : ""),
              -1,
              now,
              Thread.currentThread().getName()));
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

  void startRecording() {
    entries.clear();
    recording = true;
  }

  List<Entry> stopRecording() {
    recording = false;
    List<Entry> out = new ArrayList<>(entries);
    entries.clear();
    return out;
  }
}
