package dev.baton.recipes.election.internal;

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
 */
public final class ElectionMetrics {
  private final MeterRegistry registry;
  private final Tags tags;
  private final AtomicLong leader = new AtomicLong();
  private final AtomicLong token = new AtomicLong();
  private final AtomicLong callbackFailures = new AtomicLong();
  private final Counter elected;
  private final Map<RevocationReason, Counter> revoked = new EnumMap<>(RevocationReason.class);
  private final Timer timeToElect;
  private final Counter watchEvents;
  private final Counter ignoredChildren;

  public ElectionMetrics(MeterRegistry registry, String path, String participantId) {
    this.registry = registry;
    this.tags = Tags.of("election", path, "participant", participantId);
    Gauge.builder("baton.election.leader", leader, AtomicLong::get).tags(tags).register(registry);
    Gauge.builder("baton.election.token", token, AtomicLong::get).tags(tags).register(registry);
    this.elected = Counter.builder("baton.election.elected").tags(tags).register(registry);
    for (RevocationReason r : RevocationReason.values()) {
      revoked.put(r, Counter.builder("baton.election.revoked").tags(tags).tag("reason", r.name())
          .register(registry));
    }
    this.timeToElect = Timer.builder("baton.election.time.to.elect").tags(tags).register(registry);
    this.watchEvents = Counter.builder("baton.election.watch.events").tags(tags).register(registry);
    this.ignoredChildren =
        Counter.builder("baton.election.ignored.children").tags(tags).register(registry);
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
    revoked.get(reason).increment();
    leader.set(0);
    token.set(0);
  }

  void callbackFailed(String callback) {
    callbackFailures.incrementAndGet();
    Counter.builder("baton.election.callback.failures").tags(tags).tag("callback", callback)
        .register(registry).increment();
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
}
