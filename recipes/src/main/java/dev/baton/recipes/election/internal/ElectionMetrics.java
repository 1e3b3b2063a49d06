// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.kernel.OwnedMeters;
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

/**
 * The election's meters, all tagged with {@code election} (the path) and {@code participant}.
 *
 * <ul>
 *   <li>{@code baton.election.leader}: 1 while this candidate holds an active term, else 0
 *   <li>{@code baton.election.token}: the value of the current term's token, 0 when none
 *   <li>{@code baton.election.elected}: terms begun
 *   <li>{@code baton.election.revoked}: terms ended, tagged {@code reason}
 *   <li>{@code baton.election.time.to.elect}: from entering the queue to being elected
 *   <li>{@code baton.election.callback.failures}: user callbacks that threw, tagged {@code
 *       callback}
 *   <li>{@code baton.election.watch.events}: watch notifications received
 *   <li>{@code baton.election.ignored.children}: foreign or malformed children seen
 * </ul>
 *
 * <p>The newest instance with the same tags owns them ({@link OwnedMeters}): an election re-created
 * with the same path and participant id reports its own state, and {@link #close} removes its
 * meters unless a newer instance has taken them over.
 */
public final class ElectionMetrics implements AutoCloseable {
  private static final String CALLBACK_FAILURES = "baton.election.callback.failures";

  private final AtomicLong leader = new AtomicLong();
  private final AtomicLong token = new AtomicLong();
  private final AtomicLong callbackFailures = new AtomicLong();
  private final OwnedMeters meters;
  private final Counter elected;
  private final Map<RevocationReason, Counter> revoked = new EnumMap<>(RevocationReason.class);
  private final Timer timeToElect;
  private final Counter watchEvents;
  private final Counter ignoredChildren;

  public ElectionMetrics(MeterRegistry registry, String path, String participantId) {
    synchronized (OwnedMeters.LOCK) {
      this.meters =
          new OwnedMeters(
              registry,
              Tags.of("election", path, "participant", participantId),
              List.of(
                  "baton.election.leader",
                  "baton.election.token",
                  "baton.election.elected",
                  "baton.election.revoked",
                  "baton.election.time.to.elect",
                  "baton.election.watch.events",
                  "baton.election.ignored.children",
                  CALLBACK_FAILURES));
      meters.gauge("baton.election.leader", leader);
      meters.gauge("baton.election.token", token);
      this.elected = meters.counter("baton.election.elected");
      for (RevocationReason r : RevocationReason.values()) {
        revoked.put(r, meters.counter("baton.election.revoked", Tag.of("reason", r.name())));
      }
      this.timeToElect = meters.timer("baton.election.time.to.elect");
      this.watchEvents = meters.counter("baton.election.watch.events");
      this.ignoredChildren = meters.counter("baton.election.ignored.children");
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
    meters.increment(CALLBACK_FAILURES, Tag.of("callback", callback));
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
   * Removes this election's meters from the registry, unless a newer instance with the same tags
   * has taken them over. Call it when the election is closed; idempotent. The counts above stay
   * readable.
   */
  @Override
  public void close() {
    meters.close();
  }
}
