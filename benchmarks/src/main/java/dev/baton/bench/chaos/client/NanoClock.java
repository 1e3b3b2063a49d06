// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock whose instants are {@link System#nanoTime()} readings (nanoseconds after the epoch), the
 * scale of every event's {@code at}: given to a recipe as its clock, the times it stamps on a term
 * ({@code startedAt}) can be compared with the client's events and the orchestrator's marks, which
 * all read the same monotonic clock of one host. Not a wall clock: for the harness only.
 */
final class NanoClock extends Clock {
  static final NanoClock INSTANCE = new NanoClock();

  private NanoClock() {}

  /** The {@link System#nanoTime()} reading an instant of this clock stands for. */
  static long nanos(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochSecond(0, System.nanoTime());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    if (!zone.equals(ZoneOffset.UTC)) {
      throw new UnsupportedOperationException("a nanoTime clock has no zone but UTC: " + zone);
    }
    return this;
  }
}
