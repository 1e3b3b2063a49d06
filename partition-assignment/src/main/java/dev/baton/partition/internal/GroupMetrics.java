package dev.baton.partition.internal;

import dev.baton.recipes.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

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
 *
 * <p>One instance owns the meters of its tags in a registry: the newest. A registry returns the meter
 * already registered under an id, so a member re-created with the same group and member id would
 * otherwise report the first instance's gauges (bound to its state) for ever. A new instance therefore
 * removes the meters of its tags before registering its own (gauges hold their state strongly, so they
 * never read NaN while registered), and {@link #close} removes them again, unless a newer instance has
 * taken them over.
 */
public final class GroupMetrics implements AutoCloseable {
  /** Serializes taking over and removing meters across the instances of all registries. */
  private static final Object METERS = new Object();
  private static final String CALLBACK_FAILURES = "baton.partition.callback.failures";
  private static final String MALFORMED_RECORDS = "baton.partition.malformed.records";

  private final MeterRegistry registry;
  private final Tags tags;
  private final AtomicLong owned = new AtomicLong();
  private final AtomicLong generation = new AtomicLong();
  private final AtomicLong unowned = new AtomicLong(-1);
  private final AtomicLong callbackFailures = new AtomicLong();
  private final AtomicLong malformed = new AtomicLong();
  private final Gauge ownedGauge;
  private final Counter assigned;
  private final Map<RevocationReason, Counter> revoked =
      new EnumMap<>(RevocationReason.class);
  private final Timer handoff;
  private final Counter drainTimeouts;
  private final Counter moves;
  private final Counter rebalances;
  /** Meters registered on first use, by name and tag value; guarded by {@link #METERS} when added. */
  private final Map<String, Counter> lazyCounters = new ConcurrentHashMap<>();
  /** Every meter this instance registered; guarded by {@link #METERS}. */
  private final List<Meter> meters = new ArrayList<>();
  private boolean closed;

  public GroupMetrics(MeterRegistry registry, String group, String member) {
    this.registry = registry;
    this.tags = Tags.of("group", group, "member", member);
    synchronized (METERS) {
      removeMetersOfTags();
      this.ownedGauge = own(Gauge.builder("baton.partition.owned", owned, AtomicLong::get).tags(tags)
          .strongReference(true).register(registry));
      own(Gauge.builder("baton.partition.generation", generation, AtomicLong::get).tags(tags)
          .strongReference(true).register(registry));
      own(Gauge.builder("baton.partition.unowned", unowned, AtomicLong::get).tags(tags)
          .strongReference(true).register(registry));
      this.assigned = own(Counter.builder("baton.partition.assigned").tags(tags).register(registry));
      for (RevocationReason r : RevocationReason.values()) {
        revoked.put(r, own(Counter.builder("baton.partition.revoked").tags(tags).tag("reason", r.name())
            .register(registry)));
      }
      this.handoff = own(Timer.builder("baton.partition.handoff").tags(tags).register(registry));
      this.drainTimeouts =
          own(Counter.builder("baton.partition.drain.timeouts").tags(tags).register(registry));
      this.moves = own(Counter.builder("baton.partition.moves").tags(tags).register(registry));
      this.rebalances = own(Counter.builder("baton.partition.rebalances").tags(tags).register(registry));
    }
  }

  private <M extends Meter> M own(M meter) {
    meters.add(meter);
    return meter;
  }

  /** Removes the meters an older instance with these tags registered, so that this one's are used. */
  private void removeMetersOfTags() {
    for (String name : List.of("baton.partition.owned", "baton.partition.generation",
        "baton.partition.unowned", "baton.partition.assigned", "baton.partition.revoked",
        "baton.partition.handoff", "baton.partition.drain.timeouts", "baton.partition.moves",
        "baton.partition.rebalances", CALLBACK_FAILURES, MALFORMED_RECORDS)) {
      registry.find(name).tags(tags).meters().forEach(registry::remove);
    }
  }

  /** The counter {@code name} (with {@code tag} if one is given), registered on first use. */
  private void incrementLazy(String name, @Nullable Tag tag) {
    String key = tag == null ? name : name + '\u0000' + tag.getValue();
    Counter counter = lazyCounters.get(key);
    if (counter == null) {
      synchronized (METERS) {
        if (closed) {
          return;
        }
        counter = lazyCounters.computeIfAbsent(key, k -> {
          Counter.Builder b = Counter.builder(name).tags(tags);
          return own((tag == null ? b : b.tag(tag.getKey(), tag.getValue())).register(registry));
        });
      }
    }
    counter.increment();
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
    incrementLazy(CALLBACK_FAILURES, Tag.of("callback", callback));
  }

  public void malformedRecord() {
    malformed.incrementAndGet();
    incrementLazy(MALFORMED_RECORDS, null);
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

  /**
   * Removes this member's meters from the registry, unless a newer instance with the same tags has taken
   * them over. Call it when the member is closed; idempotent. The counts above stay readable.
   */
  @Override
  public void close() {
    synchronized (METERS) {
      if (closed) {
        return;
      }
      closed = true;
      boolean stillOwned = registry.getMeters().stream().anyMatch(m -> m == ownedGauge);
      if (stillOwned) {
        meters.forEach(registry::remove);
      }
      meters.clear();
    }
  }
}
