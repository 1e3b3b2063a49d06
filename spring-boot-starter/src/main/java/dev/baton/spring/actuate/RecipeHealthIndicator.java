// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.partition.GroupHealth;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionHealth;
import dev.baton.recipes.election.Participant;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.lifecycle.RejoinableLifecycle;
import dev.baton.spring.lifecycle.RejoinableLifecycle.Participation;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of one election or partition group bean: UP while taking part and healthy, DOWN if not
 * healthy, UNKNOWN while stopped or left. The backend read for details is made only while joined
 * and connected, kept (failures too) for {@code ttl}. Thread-safe.
 */
record RecipeHealthIndicator<H, R>(
    RejoinableLifecycle<?> bean,
    Supplier<H> snapshot,
    Predicate<H> healthy,
    Predicate<H> connected,
    BiConsumer<Health.Builder, H> details,
    BiConsumer<Health.Builder, H> failures,
    Duration ttl,
    Supplier<R> read,
    BiConsumer<Health.Builder, R> readDetails,
    String readError,
    LastRead<R> last)
    implements HealthIndicator {

  /** The last backend read (its value or failure) and when it was made; guarded by itself. */
  static final class LastRead<R> {
    private @Nullable R value;
    private @Nullable String error;
    private Instant at = Instant.MIN;
  }

  /** An election's health: DOWN if unhealthy, degraded as {@link ElectionHealth#degraded()}. */
  static HealthIndicator of(BatonElection election, Duration ttl) {
    return new RecipeHealthIndicator<ElectionHealth, List<Participant>>(
        election,
        election::health,
        ElectionHealth::isHealthy,
        ElectionHealth::connected,
        (b, h) ->
            b.withDetail("leader", h.leader())
                .withDetail("token", h.token().map(Object::toString).orElse("none"))
                .withDetail("participantId", election.participantId())
                .withDetail("path", election.path())
                .withDetail("role", election.role())
                .withDetail("backend", name(election.backend()))
                .withDetail("connected", h.connected())
                .withDetail("state", h.state().name()),
        (b, h) -> {
          election.leadership().ifPresent(t -> b.withDetail("termStart", t.electedAt().toString()));
          h.lastTransition().ifPresent(t -> b.withDetail("lastTransition", t.toString()));
          counters(b, h.callbackFailures(), h.loopFailures());
          h.failure().ifPresent(f -> b.withDetail("failure", f));
          h.degraded().ifPresent(d -> b.withDetail("degraded", d));
        },
        ttl,
        election::participants,
        (b, list) -> {
          b.withDetail("participants", list.size());
          if (!list.isEmpty()) {
            b.withDetail("leaderId", list.get(0).participantId());
          }
        },
        "participantsError",
        new LastRead<>());
  }

  /** A group member's health: DOWN unless joined and healthy; details as in docs/spring.md. */
  static HealthIndicator of(BatonPartitionGroup group, Duration ttl) {
    return new RecipeHealthIndicator<GroupHealth, GroupStatus>(
        group,
        group::health,
        GroupHealth::isHealthy,
        GroupHealth::connected,
        (b, h) ->
            b.withDetail("memberId", group.memberId())
                .withDetail("path", group.path())
                .withDetail("owned", group.ownedPartitions().keySet().stream().sorted().toList())
                .withDetail("ownedCount", h.ownedPartitions())
                .withDetail("duplicateMemberId", h.duplicateId())
                .withDetail("assigner", h.assigner())
                .withDetail("generation", h.generation())
                .withDetail("joined", h.joined())
                .withDetail("connected", h.connected())
                .withDetail("state", h.state().name()),
        (b, h) -> {
          counters(b, h.callbackFailures(), h.loopFailures());
          if (h.failed()) {
            b.withDetail("failed", true);
          }
        },
        ttl,
        group::status,
        (b, s) -> b.withDetail("unowned", s.unowned()).withDetail("members", s.members().size()),
        "statusError",
        new LastRead<>());
  }

  @Override
  public Health health() {
    H h = snapshot.get();
    Participation participation = bean.participation();
    boolean joined = participation == Participation.JOINED;
    Health.Builder b = !joined ? Health.unknown() : healthy.test(h) ? Health.up() : Health.down();
    details.accept(b, h);
    b.withDetail("participation", participation.name());
    failures.accept(b, h);
    if (joined && connected.test(h)) {
      synchronized (last) {
        Instant now = Instant.now();
        if (!now.isBefore(last.at.plus(ttl))) {
          try {
            last.value = read.get();
            last.error = null;
          } catch (RuntimeException e) {
            last.value = null;
            last.error = e.toString();
          }
          last.at = now;
        }
        R value = last.value;
        if (value != null) {
          readDetails.accept(b, value);
        } else if (last.error != null) {
          b.withDetail(readError, last.error);
        }
      }
    }
    return b.build();
  }

  private static String name(Backend backend) {
    if (backend instanceof BatonSession) {
      return "zookeeper";
    }
    return backend instanceof LeaseBackend ? "lease" : backend.getClass().getSimpleName();
  }

  /** Adds the two failure counters when they are not zero. */
  private static void counters(Health.Builder b, long callbackFailures, long loopFailures) {
    if (callbackFailures > 0) {
      b.withDetail("callbackFailures", callbackFailures);
    }
    if (loopFailures > 0) {
      b.withDetail("loopFailures", loopFailures);
    }
  }
}
