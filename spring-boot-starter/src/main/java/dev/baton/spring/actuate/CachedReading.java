// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A ZooKeeper read kept for a while, so that health probes do not read ZooKeeper on every call. A
 * failed read is kept as well, as its message. Thread-safe.
 *
 * @param <T> what is read
 */
final class CachedReading<T> {
  /** A value, or the reason there is none. */
  record Result<T>(@Nullable T value, @Nullable String error) {}

  private final Duration ttl;
  private final Clock clock;
  private final Supplier<T> read;
  private @Nullable Result<T> last;
  private Instant readAt = Instant.MIN;

  CachedReading(Duration ttl, Clock clock, Supplier<T> read) {
    this.ttl = ttl;
    this.clock = clock;
    this.read = read;
  }

  synchronized Result<T> get() {
    Instant now = clock.instant();
    Result<T> cached = last;
    if (cached != null && now.isBefore(readAt.plus(ttl))) {
      return cached;
    }
    Result<T> fresh;
    try {
      fresh = new Result<>(read.get(), null);
    } catch (RuntimeException e) {
      fresh = new Result<>(null, e.toString());
    }
    last = fresh;
    readAt = now;
    return fresh;
  }
}
