// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.partition.GroupHealth;
import dev.baton.partition.GroupStatus;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of one partition group member. UP while it takes part, is joined and healthy; DOWN
 * when not (disconnected, failed, or another live member holds the same member id: {@code
 * duplicateMemberId}); UNKNOWN while the instance is out of the group.
 *
 * <p>Details: {@code memberId}, {@code path}, {@code owned} (partition numbers), {@code
 * ownedCount}, {@code duplicateMemberId}, {@code assigner}, {@code generation}, {@code joined},
 * {@code connected}, {@code state}, {@code participation}, and from ZooKeeper (read at most every
 * {@code ttl}, only while connected) {@code unowned}: assigned partitions without an owner.
 */
public final class PartitionGroupHealthIndicator implements HealthIndicator {
  private final BatonPartitionGroup group;
  private final CachedReading<GroupStatus> status;

  /** The indicator of {@code group}, reading the group's status at most every {@code ttl}. */
  public PartitionGroupHealthIndicator(BatonPartitionGroup group, Duration ttl) {
    this.group = group;
    this.status = new CachedReading<>(ttl, Clock.systemUTC(), group::status);
  }

  @Override
  public Health health() {
    GroupHealth h = group.health();
    BatonPartitionGroup.Participation participation = group.participation();
    Health.Builder b;
    if (participation != BatonPartitionGroup.Participation.JOINED) {
      b = Health.unknown();
    } else {
      b = h.isHealthy() ? Health.up() : Health.down();
    }
    b.withDetail("memberId", group.memberId())
        .withDetail("path", group.path())
        .withDetail("owned", group.ownedPartitions().keySet().stream().sorted().toList())
        .withDetail("ownedCount", h.ownedPartitions())
        .withDetail("duplicateMemberId", h.duplicateId())
        .withDetail("assigner", h.assigner())
        .withDetail("generation", h.generation())
        .withDetail("joined", h.joined())
        .withDetail("connected", h.connected())
        .withDetail("state", h.state().name())
        .withDetail("participation", participation.name());
    if (h.callbackFailures() > 0) {
      b.withDetail("callbackFailures", h.callbackFailures());
    }
    if (h.loopFailures() > 0) {
      b.withDetail("loopFailures", h.loopFailures());
    }
    if (h.failed()) {
      b.withDetail("failed", true);
    }
    if (participation == BatonPartitionGroup.Participation.JOINED && h.connected()) {
      CachedReading.Result<GroupStatus> read = status.get();
      GroupStatus s = read.value();
      if (s != null) {
        b.withDetail("unowned", s.unowned()).withDetail("members", s.members().size());
      } else if (read.error() != null) {
        b.withDetail("statusError", read.error());
      }
    }
    return b.build();
  }
}
