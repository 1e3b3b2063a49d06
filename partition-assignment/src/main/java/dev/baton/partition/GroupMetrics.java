// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;
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
 * A member's meters (docs/partitions.md), tagged {@code group} and {@code member}, owned by the
 * newest instance with those tags ({@link OwnedMeters}): a re-created member reports its own state,
 * and {@link #close} removes them unless a newer instance took them over.
 */
final class GroupMetrics implements AutoCloseable {
  private static final String CALLBACK_FAILURES = "baton.partition.callback.failures";
  private static final String MALFORMED_RECORDS = "baton.partition.malformed.records";

  private final AtomicLong owned = new AtomicLong();
  private final AtomicLong generation = new AtomicLong();
  private final AtomicLong unowned = new AtomicLong(-1);
  private final AtomicLong callbackFailures = new AtomicLong();
  private final AtomicLong malformed = new AtomicLong();
  private final OwnedMeters meters;
  private final Counter assigned;
  private final Map<RevocationReason, Counter> revoked = new EnumMap<>(RevocationReason.class);
  private final Timer handoff;
  private final Counter drainTimeouts;
  private final Counter moves;
  private final Counter rebalances;

  public GroupMetrics(MeterRegistry registry, String group, String member) {
    synchronized (OwnedMeters.LOCK) {
      this.meters =
          new OwnedMeters(
              registry,
              Tags.of("group", group, "member", member),
              List.of(
                  "baton.partition.owned",
                  "baton.partition.generation",
                  "baton.partition.unowned",
                  "baton.partition.assigned",
                  "baton.partition.revoked",
                  "baton.partition.handoff",
                  "baton.partition.drain.timeouts",
                  "baton.partition.moves",
                  "baton.partition.rebalances",
                  CALLBACK_FAILURES,
                  MALFORMED_RECORDS));
      meters.gauge("baton.partition.owned", owned);
      meters.gauge("baton.partition.generation", generation);
      meters.gauge("baton.partition.unowned", unowned);
      this.assigned = meters.counter("baton.partition.assigned");
      for (RevocationReason r : RevocationReason.values()) {
        revoked.put(r, meters.counter("baton.partition.revoked", Tag.of("reason", r.name())));
      }
      this.handoff = meters.timer("baton.partition.handoff");
      this.drainTimeouts = meters.counter("baton.partition.drain.timeouts");
      this.moves = meters.counter("baton.partition.moves");
      this.rebalances = meters.counter("baton.partition.rebalances");
    }
  }

  public void assigned(@Nullable Duration sinceAssignmentSeen) {
    owned.incrementAndGet();
    assigned.increment();
    if (sinceAssignmentSeen != null) {
      handoff.record(sinceAssignmentSeen);
    }
  }

  public void revoked(RevocationReason reason) {
    owned.decrementAndGet();
    Objects.requireNonNull(revoked.get(reason), "every reason has a counter").increment();
  }

  public void drainTimedOut() {
    drainTimeouts.increment();
  }

  public void callbackFailed(String callback) {
    callbackFailures.incrementAndGet();
    meters.increment(CALLBACK_FAILURES, Tag.of("callback", callback));
  }

  public void malformedRecord() {
    malformed.incrementAndGet();
    meters.increment(MALFORMED_RECORDS, null);
  }

  public void published(long gen, int moved) {
    generation.set(gen);
    rebalances.increment();
    moves.increment(moved);
  }

  public void unowned(long count) {
    unowned.set(count);
  }

  public long callbackFailures() {
    return callbackFailures.get();
  }

  public long malformedRecords() {
    return malformed.get();
  }

  long owned() {
    return owned.get();
  }

  /** Removes this member's meters unless a newer instance took them over; idempotent. */
  @Override
  public void close() {
    meters.close();
  }
}
