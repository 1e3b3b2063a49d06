// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionHealth;
import dev.baton.recipes.election.Participant;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.spring.election.BatonElection;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of one election. UP while the instance takes part and the election is healthy (leading
 * or following), DOWN when it is not (disconnected, or failed), UNKNOWN while the instance is out
 * of it (lifecycle stopped, or left while the application is unavailable).
 *
 * <p>Details: {@code leader} (true or false), {@code token} (this instance's term, {@code ft:...},
 * or {@code none}), {@code termStart}, {@code participantId}, {@code path}, {@code role}, {@code
 * backend} ({@code zookeeper}, {@code lease}, or the class name of an application's own backend),
 * {@code connected}, {@code state}, {@code participation}, and from the backend (read at most every
 * {@code participantsTtl}, only while connected) {@code participants} (how many candidates; on the
 * lease backend 1 while a live holder exists, a lease having no queue) and {@code leaderId}. When
 * present: {@code lastTransition}, {@code callbackFailures}, {@code loopFailures}, {@code failure},
 * and {@code degraded} (lease backend: the failing statement and its error, or why followers wake
 * by polling alone; see {@link ElectionHealth#degraded()}).
 */
final class ElectionHealthIndicator
    extends RecipeHealthIndicator<ElectionHealth, List<Participant>> {
  private final BatonElection election;

  /** The indicator of {@code election}, reading its participants at most every {@code ttl}. */
  ElectionHealthIndicator(BatonElection election, Duration ttl) {
    super(
        election,
        election::health,
        ElectionHealth::isHealthy,
        ElectionHealth::connected,
        ttl,
        election::participants,
        "participantsError");
    this.election = election;
  }

  @Override
  void details(Health.Builder b, ElectionHealth h) {
    b.withDetail("leader", h.leader())
        .withDetail("token", h.token().map(Object::toString).orElse("none"))
        .withDetail("participantId", election.participantId())
        .withDetail("path", election.path())
        .withDetail("role", election.role())
        .withDetail("backend", name(election.backend()))
        .withDetail("connected", h.connected())
        .withDetail("state", h.state().name());
  }

  /** The backend's name in the details. */
  private static String name(Backend backend) {
    if (backend instanceof BatonSession) {
      return "zookeeper";
    }
    return backend instanceof LeaseBackend ? "lease" : backend.getClass().getSimpleName();
  }

  @Override
  void failures(Health.Builder b, ElectionHealth h) {
    election.leadership().ifPresent(t -> b.withDetail("termStart", t.electedAt().toString()));
    h.lastTransition().ifPresent(t -> b.withDetail("lastTransition", t.toString()));
    counters(b, h.callbackFailures(), h.loopFailures());
    h.failure().ifPresent(f -> b.withDetail("failure", f));
    h.degraded().ifPresent(d -> b.withDetail("degraded", d));
  }

  @Override
  void readDetails(Health.Builder b, List<Participant> list) {
    b.withDetail("participants", list.size());
    if (!list.isEmpty()) {
      b.withDetail("leaderId", list.get(0).participantId());
    }
  }
}
