// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.spring.lifecycle.RejoinableLifecycle;
import dev.baton.spring.lifecycle.RejoinableLifecycle.Participation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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
  private final Duration ttl;
  private final Clock clock;
  private final Supplier<R> read;
  private final String readError;
  private @Nullable R lastValue;
  private @Nullable String lastError;
  private Instant readAt = Instant.MIN;

  RecipeHealthIndicator(
      RejoinableLifecycle<?> bean, Duration ttl, Clock clock, Supplier<R> read, String readError) {
    this.bean = bean;
    this.ttl = ttl;
    this.clock = clock;
    this.read = read;
    this.readError = readError;
  }

  /** The recipe's snapshot now. */
  abstract H snapshot();

  abstract boolean healthy(H h);

  abstract boolean connected(H h);

  /** The details of the snapshot, before {@code participation}. */
  abstract void details(Health.Builder b, H h);

  /** The details of the snapshot after {@code participation} (failures, counters). */
  abstract void failures(Health.Builder b, H h);

  /** The details of a successful backend read. */
  abstract void readDetails(Health.Builder b, R value);

  @Override
  public Health health() {
    H h = snapshot();
    Participation participation = bean.participation();
    boolean joined = participation == Participation.JOINED;
    Health.Builder b = !joined ? Health.unknown() : healthy(h) ? Health.up() : Health.down();
    details(b, h);
    b.withDetail("participation", participation.name());
    failures(b, h);
    if (joined && connected(h)) {
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
