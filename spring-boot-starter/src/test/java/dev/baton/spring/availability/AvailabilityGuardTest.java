// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.TestApps;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.election.LeadershipRevokedEvent;
import dev.baton.spring.partition.BatonPartitionGroup;
import dev.baton.spring.partition.BatonPartitionGroups;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.health.application.LivenessStateHealthIndicator;
import org.springframework.boot.health.application.ReadinessStateHealthIndicator;
import org.springframework.boot.health.autoconfigure.application.AvailabilityHealthContributorAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

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
    return start(i, guarded, List.of());
  }

  private ConfigurableApplicationContext start(
      int i, boolean guarded, List<Class<?>> extra, String... properties) {
    List<Class<?>> sources = new ArrayList<>(List.of(TestApps.Actuator.class, Switchable.class));
    sources.addAll(extra);
    List<String> all =
        new ArrayList<>(
            List.of(
                "baton.connect-string=" + ZK.connectString(),
                "baton.connection-timeout=2s",
                "baton.instance-id=node-" + i,
                "baton.election.billing.path=" + path + "/leader",
                "baton.partitions.orders.path=" + path + "/group",
                "baton.partitions.orders.partition-count=2",
                "baton.partitions.orders.rebalance-delay=0s",
                "baton.availability.resign-when-unavailable=" + guarded,
                "baton.availability.health-check-interval=100ms"));
    all.addAll(List.of(properties));
    ConfigurableApplicationContext app = TestApps.start(sources, all.toArray(String[]::new));
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
    // The guard leaves the election, then the group: the successor may lead before the second.
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> group(one).participation() == BatonPartitionGroup.Participation.LEFT);
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
  void aTermWonDuringStartUpSurvivesItWithSpringsAvailabilityIndicators() {
    // Spring's livenessState and readinessState indicators are DOWN / OUT_OF_SERVICE until the
    // application has started / is ready: the guard's first check must not take them for an outage.
    ConfigurableApplicationContext one =
        start(
            1,
            true,
            List.of(AvailabilityIndicators.class, LeadsDuringStartUp.class),
            "management.health.livenessstate.enabled=true",
            "management.health.readinessstate.enabled=true");
    assertThat(one.getBeansOfType(LivenessStateHealthIndicator.class)).hasSize(1);
    assertThat(one.getBeansOfType(ReadinessStateHealthIndicator.class)).hasSize(1);
    LeadsDuringStartUp startUp = one.getBean(LeadsDuringStartUp.class);
    FencingToken first = startUp.first.get();

    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(
            () -> {
              assertThat(startUp.revoked).isEmpty();
              assertThat(election(one).leadership().map(Leadership::token)).contains(first);
            });

    // The liveness state still counts, by its events.
    AvailabilityChangeEvent.publish(one, LivenessState.BROKEN);
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(() -> assertThat(startUp.revoked).containsExactly(RevocationReason.CLOSED));
    assertThat(election(one).participation()).isEqualTo(BatonElection.Participation.LEFT);

    AvailabilityChangeEvent.publish(one, LivenessState.CORRECT);
    await().atMost(Duration.ofSeconds(5)).until(election(one)::isLeader);
    assertThat(election(one).leadership().orElseThrow().token().isNewerThan(first)).isTrue();
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
    assertThat(one.getBean(HealthProbe.class).unhealthy()).isEmpty();
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

  /** Spring Boot's livenessState and readinessState health indicators. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    ApplicationAvailabilityAutoConfiguration.class,
    AvailabilityHealthContributorAutoConfiguration.class
  })
  static class AvailabilityIndicators {}

  /**
   * Holds the start-up, in the elections' phase, until this instance leads (as a quick election
   * does), so the guard's first check meets a term; records the revocations.
   */
  @Configuration(proxyBeanMethods = false)
  static class LeadsDuringStartUp {
    final AtomicReference<FencingToken> first = new AtomicReference<>();
    final List<RevocationReason> revoked = new CopyOnWriteArrayList<>();

    @Bean
    SmartLifecycle awaitFirstTerm(BatonElection election) {
      return new SmartLifecycle() {
        private volatile boolean running;

        @Override
        public void start() {
          await().atMost(Duration.ofSeconds(10)).until(election::isLeader);
          first.set(election.leadership().orElseThrow().token());
          running = true;
        }

        @Override
        public void stop() {
          running = false;
        }

        @Override
        public boolean isRunning() {
          return running;
        }

        @Override
        public int getPhase() {
          return BatonElection.DEFAULT_PHASE;
        }
      };
    }

    @EventListener
    void revoked(LeadershipRevokedEvent event) {
      revoked.add(event.reason());
    }
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
