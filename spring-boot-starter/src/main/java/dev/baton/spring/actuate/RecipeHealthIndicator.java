// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.spring.lifecycle.RejoinableLifecycle;
import dev.baton.spring.lifecycle.RejoinableLifecycle.Participation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of one election or partition group bean: UP while the instance takes part and the
 * recipe is healthy, DOWN when it is not, UNKNOWN while the instance is out of it (lifecycle
 * stopped, or left). The details of a backend read (participants, group status) are read only while
 * joined and connected, and kept for a while so that probes do not read the backend on every call;
 * a failed read is kept as well, as its message. Thread-safe.
 *
 * @param <H> the recipe's health snapshot
 * @param <R> what the backend read returns
 */
abstract class RecipeHealthIndicator<H, R> implements HealthIndicator {
  private final RejoinableLifecycle<?> bean;
  private final Supplier<H> snapshot;
  private final Predicate<H> healthy;
  private final Predicate<H> connected;
  private final Duration ttl;
  private final Clock clock;
  private final Supplier<R> read;
  private final String readError;
  private @Nullable R lastValue;
  private @Nullable String lastError;
  private Instant readAt = Instant.MIN;

  /**
   * The indicator of {@code bean}.
   *
   * @param snapshot the recipe's health snapshot now
   * @param healthy whether a snapshot is healthy
   * @param connected whether a snapshot is connected (the backend is read only then)
   * @param read the backend read of the details, kept for {@code ttl}
   * @param readError the detail that holds a failed read's message
   */
  RecipeHealthIndicator(
      RejoinableLifecycle<?> bean,
      Supplier<H> snapshot,
      Predicate<H> healthy,
      Predicate<H> connected,
      Duration ttl,
      Supplier<R> read,
      String readError) {
    this.bean = bean;
    this.snapshot = snapshot;
    this.healthy = healthy;
    this.connected = connected;
    this.ttl = ttl;
    this.clock = Clock.systemUTC();
    this.read = read;
    this.readError = readError;
  }

  /** The details of the snapshot, before {@code participation}. */
  abstract void details(Health.Builder b, H h);

  /** The details of the snapshot after {@code participation} (failures, counters). */
  abstract void failures(Health.Builder b, H h);

  /** The details of a successful backend read. */
  abstract void readDetails(Health.Builder b, R value);

  @Override
  public Health health() {
    H h = snapshot.get();
    Participation participation = bean.participation();
    boolean joined = participation == Participation.JOINED;
    Health.Builder b = !joined ? Health.unknown() : healthy.test(h) ? Health.up() : Health.down();
    details(b, h);
    b.withDetail("participation", participation.name());
    failures(b, h);
    if (joined && connected.test(h)) {
      synchronized (this) {
        Instant now = clock.instant();
        if (!now.isBefore(readAt.plus(ttl))) {
          try {
            lastValue = read.get();
            lastError = null;
          } catch (RuntimeException e) {
            lastValue = null;
            lastError = e.toString();
          }
          readAt = now;
        }
        R value = lastValue;
        if (value != null) {
          readDetails(b, value);
        } else if (lastError != null) {
          b.withDetail(readError, lastError);
        }
      }
    }
    return b.build();
  }

  /** Adds the two failure counters when they are not zero. */
  static void counters(Health.Builder b, long callbackFailures, long loopFailures) {
    if (callbackFailures > 0) {
      b.withDetail("callbackFailures", callbackFailures);
    }
    if (loopFailures > 0) {
      b.withDetail("loopFailures", loopFailures);
    }
  }
}
