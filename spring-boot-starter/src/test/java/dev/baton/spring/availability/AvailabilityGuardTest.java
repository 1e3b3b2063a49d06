// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.spring.TestApps;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.partition.BatonPartitionGroup;
import dev.baton.spring.partition.BatonPartitionGroups;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** baton.availability.resign-when-unavailable with two instances. */
class AvailabilityGuardTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/availability-test/" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private ConfigurableApplicationContext start(int i, boolean guarded) {
    ConfigurableApplicationContext app =
        TestApps.start(
            List.of(TestApps.Actuator.class, Switchable.class),
            "baton.connect-string=" + ZK.connectString(),
            "baton.connection-timeout=2s",
            "baton.instance-id=node-" + i,
            "baton.election.billing.path=" + path + "/leader",
            "baton.partitions.orders.path=" + path + "/group",
            "baton.partitions.orders.partition-count=2",
            "baton.partitions.orders.rebalance-delay=0s",
            "baton.availability.resign-when-unavailable=" + guarded,
            "baton.availability.health-check-interval=100ms");
    apps.add(app);
    return app;
  }

  private static BatonElection election(ConfigurableApplicationContext app) {
    return app.getBean(BatonElections.class).get("billing");
  }

  private static BatonPartitionGroup group(ConfigurableApplicationContext app) {
    return app.getBean(BatonPartitionGroups.class).get("orders");
  }

  @Test
  void refusingTrafficResignsAndAcceptingTrafficRejoins() {
    ConfigurableApplicationContext one = start(1, true);
    await().atMost(Duration.ofSeconds(5)).until(election(one)::isLeader);
    ConfigurableApplicationContext two = start(2, true);
    FencingToken first = election(one).leadership().orElseThrow().token();

    AvailabilityChangeEvent.publish(one, ReadinessState.REFUSING_TRAFFIC);

    await().atMost(Duration.ofSeconds(5)).until(election(two)::isLeader);
    assertThat(election(two).leadership().orElseThrow().token().isNewerThan(first)).isTrue();
    assertThat(election(one).participation()).isEqualTo(BatonElection.Participation.LEFT);
    assertThat(group(one).participation()).isEqualTo(BatonPartitionGroup.Participation.LEFT);
    await().atMost(Duration.ofSeconds(10)).until(() -> group(two).ownedPartitions().size() == 2);

    AvailabilityChangeEvent.publish(one, ReadinessState.ACCEPTING_TRAFFIC);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> election(one).participation() == BatonElection.Participation.JOINED);
    await().atMost(Duration.ofSeconds(5)).until(() -> election(two).participants().size() == 2);
    assertThat(election(two).isLeader()).isTrue();
    await().atMost(Duration.ofSeconds(10)).until(() -> group(one).ownedPartitions().size() == 1);
  }

  @Test
  void aDownHealthIndicatorResignsAndItsRecoveryRejoins() {
    ConfigurableApplicationContext one = start(1, true);
    await().atMost(Duration.ofSeconds(5)).until(election(one)::isLeader);
    ConfigurableApplicationContext two = start(2, true);

    one.getBean(Switchable.class).status.set(Status.DOWN);

    await().atMost(Duration.ofSeconds(5)).until(election(two)::isLeader);
    assertThat(election(one).isLeader()).isFalse();
    assertThat(one.getBean(AvailabilityGuard.class).isHoldingOut()).isTrue();

    one.getBean(Switchable.class).status.set(Status.UP);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> election(one).participation() == BatonElection.Participation.JOINED);
    assertThat(one.getBean(AvailabilityGuard.class).isHoldingOut()).isFalse();
  }

  @Test
  void batonsOwnHealthDoesNotCount() {
    // Leaving makes Baton's own indicators UNKNOWN, and a follower is UP: neither may feed back.
    ConfigurableApplicationContext one = start(1, true);
    await().atMost(Duration.ofSeconds(5)).until(election(one)::isLeader);
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(2))
        .until(() -> !one.getBean(AvailabilityGuard.class).isHoldingOut());
    assertThat(one.getBean(RegistryHealthProbe.class).unhealthy()).isEmpty();
  }

  @Test
  void withoutTheOptionNothingIsLeft() {
    ConfigurableApplicationContext one = start(1, false);
    await().atMost(Duration.ofSeconds(5)).until(election(one)::isLeader);
    assertThat(one.getBeansOfType(AvailabilityGuard.class)).isEmpty();
    AvailabilityChangeEvent.publish(one, ReadinessState.REFUSING_TRAFFIC);
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(election(one)::isLeader);
  }

  @Configuration(proxyBeanMethods = false)
  static class Switchable {
    final AtomicReference<Status> status = new AtomicReference<>(Status.UP);

    @Bean
    HealthIndicator downstreamHealthIndicator() {
      return () -> Health.status(status.get()).build();
    }
  }
}
