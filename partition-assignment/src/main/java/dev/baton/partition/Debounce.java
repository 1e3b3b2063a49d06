// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

/**
 * The assigner's quiet-period timer: a change asks for a computation {@code quiet} after it, but no
 * later than {@code maxDelay} after the burst's first change; only the latest timer counts. Pure.
 */
final class Debounce {
  private final long quietNanos;
  private final long maxDelayNanos;
  private boolean pending;
  private long seq;
  private long firstChangeNanos;
  private long quietUntilNanos;

  Debounce(long quietNanos, long maxDelayNanos) {
    this.quietNanos = quietNanos;
    this.maxDelayNanos = maxDelayNanos;
  }

  /**
   * A change seen at {@code changeNanos}, told at {@code nowNanos}: the delay of the new timer,
   * {@link #seq()}. A change seen earlier than one told before never shortens the quiet period.
   */
  long changed(long changeNanos, long nowNanos) {
    long at = Math.min(changeNanos, nowNanos);
    if (!pending) {
      firstChangeNanos = at;
      quietUntilNanos = at;
    }
    pending = true;
    seq++;
    quietUntilNanos = Math.max(quietUntilNanos, at + quietNanos);
    return Math.max(0, Math.min(quietUntilNanos, firstChangeNanos + maxDelayNanos) - nowNanos);
  }

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

  void reset() {
    pending = false;
  }
}
