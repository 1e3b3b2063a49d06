// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import java.time.Instant;

/** Virtual time for a simulation, moved only by the simulation: nanoseconds since it began. */
public final class SimClock {
  /** The wall-clock instant of virtual time zero. */
  public static final Instant ORIGIN = Instant.parse("2030-01-01T00:00:00Z");

  private long nanos;

  /** Nanoseconds since the simulation began. */
  public long nanos() {
    return nanos;
  }

  /** Milliseconds since the simulation began. */
  public long millis() {
    return nanos / 1_000_000L;
  }

  /** The current virtual wall-clock time. */
  public Instant instant() {
    return ORIGIN.plusNanos(nanos);
  }

  /** Moves time forward by {@code delta} nanoseconds (never back). */
  public void advance(long delta) {
    if (delta < 0) {
      throw new IllegalArgumentException("time never goes back: " + delta);
    }
    nanos += delta;
  }

  /** Moves time forward to {@code target}; no effect if it is already later. */
  public void advanceTo(long target) {
    nanos = Math.max(nanos, target);
  }

  @Override
  public String toString() {
    return "t=" + millis() + "ms";
  }
}
