// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.NoMeters;
import dev.baton.recipes.spi.OwnedMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * One candidate's queue meters, tagged {@code election} (path) and {@code participant}, owned like
 * the election's ({@link OwnedMeters}): {@code baton.election.watch.events} (watch notifications)
 * and {@code baton.election.ignored.children} (foreign or malformed children).
 */
final class QueueMeters implements AutoCloseable {
  private record Registered(OwnedMeters owned, Counter watchEvents, Counter ignoredChildren) {}

  private final AtomicLong watchEvents = new AtomicLong();
  private final @Nullable Registered meters;

  QueueMeters(MeterRegistry registry, String path, String participantId) {
    if (registry == NoMeters.REGISTRY) {
      meters = null;
      return;
    }
    synchronized (OwnedMeters.LOCK) {
      OwnedMeters owned =
          new OwnedMeters(
              registry,
              Tags.of("election", path, "participant", participantId),
              List.of("baton.election.watch.events", "baton.election.ignored.children"));
      meters =
          new Registered(
              owned,
              owned.counter("baton.election.watch.events"),
              owned.counter("baton.election.ignored.children"));
    }
  }

  void watchEvent() {
    watchEvents.incrementAndGet();
    if (meters != null) {
      meters.watchEvents().increment();
    }
  }

  void ignoredChild() {
    if (meters != null) {
      meters.ignoredChildren().increment();
    }
  }

  /** How many watch notifications this candidate received. */
  public long watchEvents() {
    return watchEvents.get();
  }

  @Override
  public void close() {
    if (meters != null) {
      meters.owned().close();
    }
  }
}
