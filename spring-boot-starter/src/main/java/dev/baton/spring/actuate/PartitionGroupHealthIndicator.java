// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.partition.GroupHealth;
import dev.baton.partition.GroupStatus;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;

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
final class PartitionGroupHealthIndicator extends RecipeHealthIndicator<GroupHealth, GroupStatus> {
  private final BatonPartitionGroup group;

  /** The indicator of {@code group}, reading the group's status at most every {@code ttl}. */
  PartitionGroupHealthIndicator(BatonPartitionGroup group, Duration ttl) {
    super(
        group,
        group::health,
        GroupHealth::isHealthy,
        GroupHealth::connected,
        ttl,
        group::status,
        "statusError");
    this.group = group;
  }

  @Override
  void details(Health.Builder b, GroupHealth h) {
    b.withDetail("memberId", group.memberId())
        .withDetail("path", group.path())
        .withDetail("owned", group.ownedPartitions().keySet().stream().sorted().toList())
        .withDetail("ownedCount", h.ownedPartitions())
        .withDetail("duplicateMemberId", h.duplicateId())
        .withDetail("assigner", h.assigner())
        .withDetail("generation", h.generation())
        .withDetail("joined", h.joined())
        .withDetail("connected", h.connected())
        .withDetail("state", h.state().name());
  }

  @Override
  void failures(Health.Builder b, GroupHealth h) {
    counters(b, h.callbackFailures(), h.loopFailures());
    if (h.failed()) {
      b.withDetail("failed", true);
    }
  }

  @Override
  void readDetails(Health.Builder b, GroupStatus s) {
    b.withDetail("unowned", s.unowned()).withDetail("members", s.members().size());
  }
}
