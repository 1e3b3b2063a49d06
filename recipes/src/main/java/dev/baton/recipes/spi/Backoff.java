// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a {@link SerialLoop} waits before a retry: exponential from {@code initial} to {@code max},
 * each delay cut by a random fraction up to {@code jitter} so a fleet does not retry in step.
 *
 * @param initial the first delay, positive
 * @param max the largest delay, at least {@code initial}
 * @param jitter the random fraction taken off each delay, in [0, 1]
 */
public record Backoff(Duration initial, Duration max, double jitter) {
  /** Baton's default: 100 ms doubling to 1 s, with 20 % jitter. */
  public static final Backoff DEFAULT =
      new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2);

  public Backoff {
    Objects.requireNonNull(initial, "initial");
    Objects.requireNonNull(max, "max");
    if (initial.isNegative() || initial.isZero()) {
      throw new IllegalArgumentException("initial backoff must be positive, is " + initial);
    }
    if (max.compareTo(initial) < 0) {
      throw new IllegalArgumentException(
          "max backoff " + max + " is shorter than initial " + initial);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be in [0, 1], is " + jitter);
    }
  }

  /** The delay before retry number {@code attempt} (1 for the first retry), in nanoseconds. */
  public long delayNanos(int attempt) {
    long delay = initial.toNanos();
    for (int i = 1; i < attempt && delay < max.toNanos(); i++) {
      delay *= 2;
    }
    delay = Math.min(delay, max.toNanos());
    if (jitter > 0) {
      delay -= (long) (delay * jitter * ThreadLocalRandom.current().nextDouble());
    }
    return delay;
  }
}
