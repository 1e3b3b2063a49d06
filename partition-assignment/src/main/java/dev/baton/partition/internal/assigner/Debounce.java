// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.assigner;

/**
 * The assigner's quiet-period timer, as a value: a change asks for a computation {@code quiet}
 * after it, but no later than {@code maxDelay} after the first change of the burst, so a burst of
 * changes makes one computation and continuous change still makes one every {@code maxDelay}. Each
 * request gets a new number; only the latest timer counts when it fires. Pure: time comes in as an
 * argument.
 */
final class Debounce {
  private final long quietNanos;
  private final long maxDelayNanos;
  private boolean pending;
  private long seq;
  private long firstChangeNanos;

  Debounce(long quietNanos, long maxDelayNanos) {
    this.quietNanos = quietNanos;
    this.maxDelayNanos = maxDelayNanos;
  }

  /** A change at {@code nowNanos}: returns the delay of the new timer, numbered {@link #seq()}. */
  long changed(long nowNanos) {
    if (!pending) {
      firstChangeNanos = nowNanos;
    }
    pending = true;
    seq++;
    return Math.max(
        0, Math.min(nowNanos + quietNanos, firstChangeNanos + maxDelayNanos) - nowNanos);
  }

  /** The number of the latest timer. */
  long seq() {
    return seq;
  }

  /** Timer {@code fired} is due: true if it is the latest (the computation runs now). */
  boolean fire(long fired) {
    if (fired != seq || !pending) {
      return false;
    }
    pending = false;
    return true;
  }

  /** Forgets the pending timer (a new term). */
  void reset() {
    pending = false;
  }
}
