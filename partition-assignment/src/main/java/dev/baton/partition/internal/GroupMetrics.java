package dev.baton.partition.internal;

import dev.baton.recipes.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A member's meters, tagged {@code group} and {@code member}.
 *
 * <ul>
 *   <li>{@code baton.partition.owned}: partitions this member owns (active leases)
 *   <li>{@code baton.partition.assigned} / {@code baton.partition.revoked} (tag {@code reason}):
 *       ownership terms begun and ended
 *   <li>{@code baton.partition.handoff}: from seeing a partition assigned to this member to owning it
 *   <li>{@code baton.partition.drain.timeouts}: releases that did not wait for a slow {@code revoked}
 *   <li>{@code baton.partition.callback.failures}: listener callbacks that threw (tag {@code callback})
 *   <li>{@code baton.partition.malformed.records}: records read from ZooKeeper and ignored
 *   <li>while this member is the assigner: {@code baton.partition.generation} (last published),
 *       {@code baton.partition.moves} (partitions moved by its rebalances), {@code baton.partition.rebalances},
 *       {@code baton.partition.unowned} (assigned partitions without an ownership znode, -1 when not the
 *       assigner)
 * </ul>
 */
public final class GroupMetrics {
  private final MeterRegistry registry;
  private final Tags tags;
  private final AtomicLong owned = new AtomicLong();
  private final AtomicLong generation = new AtomicLong();
  private final AtomicLong unowned = new AtomicLong(-1);
  private final AtomicLong callbackFailures = new AtomicLong();
  private final AtomicLong malformed = new AtomicLong();
  private final Counter assigned;
  private final Map<RevocationReason, Counter> revoked =
      new EnumMap<>(RevocationReason.class);
  private final Timer handoff;
  private final Counter drainTimeouts;
  private final Counter moves;
  private final Counter rebalances;

  public GroupMetrics(MeterRegistry registry, String group, String member) {
    this.registry = registry;
    this.tags = Tags.of("group", group, "member", member);
    Gauge.builder("baton.partition.owned", owned, AtomicLong::get).tags(tags).register(registry);
    Gauge.builder("baton.partition.generation", generation, AtomicLong::get).tags(tags)
        .register(registry);
    Gauge.builder("baton.partition.unowned", unowned, AtomicLong::get).tags(tags).register(registry);
    this.assigned = Counter.builder("baton.partition.assigned").tags(tags).register(registry);
    for (RevocationReason r : RevocationReason.values()) {
      revoked.put(r, Counter.builder("baton.partition.revoked").tags(tags).tag("reason", r.name())
          .register(registry));
    }
    this.handoff = Timer.builder("baton.partition.handoff").tags(tags).register(registry);
    this.drainTimeouts = Counter.builder("baton.partition.drain.timeouts").tags(tags).register(registry);
    this.moves = Counter.builder("baton.partition.moves").tags(tags).register(registry);
    this.rebalances = Counter.builder("baton.partition.rebalances").tags(tags).register(registry);
  }

  public void assigned(Duration sinceAssignmentSeen) {
    owned.incrementAndGet();
    assigned.increment();
    if (sinceAssignmentSeen != null) {
      handoff.record(sinceAssignmentSeen);
    }
  }

  public void revoked(RevocationReason reason) {
    owned.decrementAndGet();
    revoked.get(reason).increment();
  }

  public void drainTimedOut() {
    drainTimeouts.increment();
  }

  public void callbackFailed(String callback) {
    callbackFailures.incrementAndGet();
    Counter.builder("baton.partition.callback.failures").tags(tags).tag("callback", callback)
        .register(registry).increment();
  }

  public void malformedRecord() {
    malformed.incrementAndGet();
    Counter.builder("baton.partition.malformed.records").tags(tags).register(registry).increment();
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
}
