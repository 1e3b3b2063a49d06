package dev.baton.recipes.election.internal;

import dev.baton.recipes.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
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

/**
 * The election's meters, all tagged with {@code election} (the path) and {@code participant}.
 *
 * <ul>
 *   <li>{@code baton.election.leader}: 1 while this candidate holds an active term, else 0
 *   <li>{@code baton.election.token}: the value of the current term's token, 0 when none
 *   <li>{@code baton.election.elected}: terms begun
 *   <li>{@code baton.election.revoked}: terms ended, tagged {@code reason}
 *   <li>{@code baton.election.time.to.elect}: from entering the queue to being elected
 *   <li>{@code baton.election.callback.failures}: user callbacks that threw, tagged {@code callback}
 *   <li>{@code baton.election.watch.events}: watch notifications received
 *   <li>{@code baton.election.ignored.children}: foreign or malformed children seen
 * </ul>
 *
 * <p>One instance owns the meters of its tags in a registry: the newest. A registry returns the meter
 * already registered under an id, so an election re-created with the same path and participant id would
 * otherwise report the first instance's gauges (bound to its state) for ever. A new instance therefore
 * removes the meters of its tags before registering its own (gauges hold their state strongly, so they
 * never read NaN while registered), and {@link #close} removes them again, unless a newer instance has
 * taken them over.
 */
public final class ElectionMetrics implements AutoCloseable {
  /** Serializes taking over and removing meters across the instances of all registries. */
  private static final Object METERS = new Object();
  private static final String CALLBACK_FAILURES = "baton.election.callback.failures";

  private final MeterRegistry registry;
  private final Tags tags;
  private final AtomicLong leader = new AtomicLong();
  private final AtomicLong token = new AtomicLong();
  private final AtomicLong callbackFailures = new AtomicLong();
  private final Gauge leaderGauge;
  private final Counter elected;
  private final Map<RevocationReason, Counter> revoked = new EnumMap<>(RevocationReason.class);
  private final Timer timeToElect;
  private final Counter watchEvents;
  private final Counter ignoredChildren;
  private final Map<String, Counter> callbackFailureCounters = new ConcurrentHashMap<>();
  /** Every meter this instance registered; guarded by {@link #METERS}. */
  private final List<Meter> meters = new ArrayList<>();
  private boolean closed;

  public ElectionMetrics(MeterRegistry registry, String path, String participantId) {
    this.registry = registry;
    this.tags = Tags.of("election", path, "participant", participantId);
    synchronized (METERS) {
      removeMetersOfTags();
      this.leaderGauge = own(Gauge.builder("baton.election.leader", leader, AtomicLong::get).tags(tags)
          .strongReference(true).register(registry));
      own(Gauge.builder("baton.election.token", token, AtomicLong::get).tags(tags)
          .strongReference(true).register(registry));
      this.elected = own(Counter.builder("baton.election.elected").tags(tags).register(registry));
      for (RevocationReason r : RevocationReason.values()) {
        revoked.put(r, own(Counter.builder("baton.election.revoked").tags(tags).tag("reason", r.name())
            .register(registry)));
      }
      this.timeToElect = own(Timer.builder("baton.election.time.to.elect").tags(tags).register(registry));
      this.watchEvents = own(Counter.builder("baton.election.watch.events").tags(tags).register(registry));
      this.ignoredChildren =
          own(Counter.builder("baton.election.ignored.children").tags(tags).register(registry));
    }
  }

  private <M extends Meter> M own(M meter) {
    meters.add(meter);
    return meter;
  }

  /** Removes the meters an older instance with these tags registered, so that this one's are used. */
  private void removeMetersOfTags() {
    for (String name : List.of("baton.election.leader", "baton.election.token", "baton.election.elected",
        "baton.election.revoked", "baton.election.time.to.elect", "baton.election.watch.events",
        "baton.election.ignored.children", CALLBACK_FAILURES)) {
      registry.find(name).tags(tags).meters().forEach(registry::remove);
    }
  }

  void elected(long tokenValue, Duration waited) {
    elected.increment();
    leader.set(1);
    token.set(tokenValue);
    timeToElect.record(waited);
  }

  void paused() {
    leader.set(0);
  }

  void resumed() {
    leader.set(1);
  }

  void revoked(RevocationReason reason) {
    Objects.requireNonNull(revoked.get(reason), "every reason has a counter").increment();
    leader.set(0);
    token.set(0);
  }

  void callbackFailed(String callback) {
    callbackFailures.incrementAndGet();
    Counter counter = callbackFailureCounters.get(callback);
    if (counter == null) {
      synchronized (METERS) {
        if (closed) {
          return;
        }
        counter = callbackFailureCounters.computeIfAbsent(callback, c ->
            own(Counter.builder(CALLBACK_FAILURES).tags(tags).tag("callback", c).register(registry)));
      }
    }
    counter.increment();
  }

  void watchEvent() {
    watchEvents.increment();
  }

  void ignoredChild() {
    ignoredChildren.increment();
  }

  /** How many user callbacks have thrown. */
  public long callbackFailures() {
    return callbackFailures.get();
  }

  /** How many watch notifications this candidate received. */
  public double watchEvents() {
    return watchEvents.count();
  }

  /**
   * Removes this election's meters from the registry, unless a newer instance with the same tags has
   * taken them over. Call it when the election is closed; idempotent. The counts above stay readable.
   */
  @Override
  public void close() {
    synchronized (METERS) {
      if (closed) {
        return;
      }
      closed = true;
      boolean stillOwned = registry.getMeters().stream().anyMatch(m -> m == leaderGauge);
      if (stillOwned) {
        meters.forEach(registry::remove);
      }
      meters.clear();
    }
  }
}
