// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When the callbacks of the current trial ran (diagnostics on stderr only): the last {@code
 * revoked} of a partition given up (reassigned, or its member leaving) and the last {@code
 * assigned}.
 */
final class CallbackTimes {
  private final AtomicLong lastReleased = new AtomicLong();
  private final AtomicLong lastAssigned = new AtomicLong();

  void reset() {
    lastReleased.set(0);
    lastAssigned.set(0);
  }

  void released() {
    lastReleased.accumulateAndGet(System.nanoTime(), Math::max);
  }

  void assigned() {
    lastAssigned.accumulateAndGet(System.nanoTime(), Math::max);
  }

  /** The times relative to {@code t0}, as a suffix of the trial's progress line. */
  String describe(long t0) {
    return "; callbacks: "
        + at("last revoked (given up)", lastReleased.get(), t0)
        + ", "
        + at("last assigned", lastAssigned.get(), t0);
  }

  private static String at(String what, long nanos, long t0) {
    return nanos == 0
        ? "no " + what
        : String.format(Locale.ROOT, "%s at %.1f ms", what, (nanos - t0) / 1e6);
  }
}
