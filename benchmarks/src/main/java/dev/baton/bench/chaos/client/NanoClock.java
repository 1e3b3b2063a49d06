// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock whose instants are {@link System#nanoTime()} readings, so a recipe's term times compare
 * with every event's {@code at}. For the harness only.
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
