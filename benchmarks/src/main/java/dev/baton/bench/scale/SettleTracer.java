// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.drivers.AdvancedTracerDriver;
import org.apache.curator.drivers.EventTrace;
import org.apache.curator.drivers.OperationTrace;

/**
 * Curator's operation traces of one candidate's client (both libraries run on a Curator client):
 * counts completed operations, and notes when the candidate settled, that is when its first
 * watch-setting getData completed (a follower watching its predecessor: the last step of joining in
 * both libraries) or when it was elected.
 */
final class SettleTracer extends AdvancedTracerDriver {
  private final AtomicLong operations = new AtomicLong();
  private final AtomicLong settledAt = new AtomicLong(Long.MIN_VALUE);

  /** When the candidate's construction (its session's start) began ({@link System#nanoTime()}). */
  volatile long startedAt;

  /** When the candidate's join call returned. */
  volatile long joinedAt;

  @Override
  public void addTrace(OperationTrace trace) {
    long now = System.nanoTime();
    operations.incrementAndGet();
    if (trace.isWithWatcher() && trace.getName().startsWith("GetData")) {
      settled(now);
    }
  }

  @Override
  public void addEvent(EventTrace trace) {
    // Connection-state events: not needed.
  }

  /** Marks the candidate settled at {@code nanos} unless it already was. */
  void settled(long nanos) {
    settledAt.compareAndSet(Long.MIN_VALUE, nanos);
  }

  /** When it first settled ({@link System#nanoTime()}), or {@link Long#MIN_VALUE} if not yet. */
  long settledAt() {
    return settledAt.get();
  }

  boolean isSettled() {
    return settledAt.get() != Long.MIN_VALUE;
  }

  long operations() {
    return operations.get();
  }
}
