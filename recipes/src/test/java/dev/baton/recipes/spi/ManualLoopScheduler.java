// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.PriorityQueue;

/**
 * A {@link LoopScheduler} on virtual time, for tests: nothing runs until the test calls {@link
 * #runDue()} or {@link #advance(Duration)}, on the test's own thread.
 */
final class ManualLoopScheduler implements LoopScheduler {
  private record Entry(long due, long seq, Runnable task) {}

  private final PriorityQueue<Entry> queue =
      new PriorityQueue<>(
          (a, b) -> a.due != b.due ? Long.compare(a.due, b.due) : Long.compare(a.seq, b.seq));
  private long now;
  private long seq;
  private boolean shutdown;
  private boolean running;

  @Override
  public boolean schedule(Runnable task, long delayNanos) {
    if (shutdown) {
      return false;
    }
    queue.add(new Entry(now + Math.max(0, delayNanos), seq++, task));
    return true;
  }

  @Override
  public long nanoTime() {
    return now;
  }

  @Override
  public boolean inLoop() {
    return running;
  }

  @Override
  public void shutdown() {
    shutdown = true;
    queue.clear();
  }

  @Override
  public boolean awaitTermination(Duration timeout) {
    return true;
  }

  @Override
  public void interrupt() {
    Thread.currentThread().interrupt();
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  /** Runs every task due now, tasks they schedule for now included; returns how many ran. */
  int runDue() {
    int n = 0;
    while (!queue.isEmpty() && queue.peek().due <= now) {
      Entry e = queue.poll();
      running = true;
      try {
        e.task.run();
      } finally {
        running = false;
      }
      n++;
    }
    return n;
  }

  /** Moves virtual time on by {@code d}, running what falls due on the way, in order. */
  int advance(Duration d) {
    long end = now + d.toNanos();
    int n = 0;
    while (!queue.isEmpty() && queue.peek().due <= end) {
      now = Math.max(now, queue.peek().due);
      n += runDue();
    }
    now = end;
    return n + runDue();
  }

  /** The due time of the next task, relative to now; empty when none is queued. */
  java.util.OptionalLong nextDelayNanos() {
    return queue.isEmpty()
        ? java.util.OptionalLong.empty()
        : java.util.OptionalLong.of(queue.peek().due - now);
  }
}
