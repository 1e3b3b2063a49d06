// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.NoMeters;
import dev.baton.recipes.spi.OwnedMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The election's meters, tagged {@code election} (the path) and {@code participant}: {@code
 * baton.election.leader} (1 while leading an active term), {@code .token} (its value, or 0), {@code
 * .elected} and {@code .revoked} (terms begun and ended, tagged {@code reason}), {@code
 * .time.to.elect} and {@code .callback.failures} (tagged {@code callback}). The newest instance
 * with the same tags owns them ({@link OwnedMeters}); {@link #close} removes them unless a newer
 * one took over. With {@link #NONE} nothing is registered; only counts are kept.
 */
final class ElectionMetrics implements AutoCloseable {
  /** No registry: one shared instance, told apart by identity; nothing is registered in it. */
  public static final MeterRegistry NONE = NoMeters.REGISTRY;

  private static final String CALLBACK_FAILURES = "baton.election.callback.failures";

  private record Registered(
      OwnedMeters owned,
      Counter elected,
      Map<RevocationReason, Counter> revoked,
      Timer timeToElect) {}

  private final AtomicLong leader = new AtomicLong();
  private final AtomicLong token = new AtomicLong();
  private final AtomicLong callbackFailures = new AtomicLong();
  private final @Nullable Registered meters;

  ElectionMetrics(MeterRegistry registry, String path, String participantId) {
    this.meters = registry == NONE ? null : register(registry, path, participantId);
  }

  private Registered register(MeterRegistry registry, String path, String participantId) {
    synchronized (OwnedMeters.LOCK) {
      OwnedMeters owned =
          new OwnedMeters(
              registry,
              Tags.of("election", path, "participant", participantId),
              List.of(
                  "baton.election.leader",
                  "baton.election.token",
                  "baton.election.elected",
                  "baton.election.revoked",
                  "baton.election.time.to.elect",
                  CALLBACK_FAILURES));
      owned.gauge("baton.election.leader", leader);
      owned.gauge("baton.election.token", token);
      Counter elected = owned.counter("baton.election.elected");
      Map<RevocationReason, Counter> revoked = new EnumMap<>(RevocationReason.class);
      for (RevocationReason r : RevocationReason.values()) {
        revoked.put(r, owned.counter("baton.election.revoked", Tag.of("reason", r.name())));
      }
      return new Registered(owned, elected, revoked, owned.timer("baton.election.time.to.elect"));
    }
  }

  void elected(long tokenValue, Duration waited) {
    leader.set(1);
    token.set(tokenValue);
    if (meters != null) {
      meters.elected().increment();
      meters.timeToElect().record(waited);
    }
  }

  void paused() {
    leader.set(0);
  }

  void resumed() {
    leader.set(1);
  }

  void revoked(RevocationReason reason) {
    if (meters != null) {
      Objects.requireNonNull(meters.revoked().get(reason), "every reason has a counter")
          .increment();
    }
    leader.set(0);
    token.set(0);
  }

  void callbackFailed(String callback) {
    callbackFailures.incrementAndGet();
    if (meters != null) {
      meters.owned().increment(CALLBACK_FAILURES, Tag.of("callback", callback));
    }
  }

  /** How many user callbacks have thrown. */
  public long callbackFailures() {
    return callbackFailures.get();
  }

  /** Removes the meters unless a newer instance took them; idempotent, counts stay readable. */
  @Override
  public void close() {
    if (meters != null) {
      meters.owned().close();
    }
  }
}
