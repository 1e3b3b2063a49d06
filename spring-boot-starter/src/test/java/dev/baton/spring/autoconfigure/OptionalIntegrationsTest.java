// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.GroupMember;
import dev.baton.spring.actuate.BatonHealthContributor;
import dev.baton.spring.actuate.BatonInfoContributor;
import dev.baton.spring.availability.AvailabilityGuard;
import dev.baton.spring.availability.HealthProbe;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.election.integration.IntegrationLeaderEventBridge;
import dev.baton.spring.partition.BatonPartitionGroups;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.integration.leader.event.LeaderEventPublisher;

/** Each optional integration appears with its classes and backs off without them. */
class OptionalIntegrationsTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final ApplicationContextRunner batonOnly =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  BatonAutoConfiguration.class,
                  BatonElectionAutoConfiguration.class,
                  BatonPartitionAutoConfiguration.class,
                  BatonIntegrationAutoConfiguration.class,
                  BatonHealthAutoConfiguration.class,
                  BatonInfoAutoConfiguration.class,
                  BatonAvailabilityAutoConfiguration.class))
          .withPropertyValues(
              "baton.connect-string=" + ZK.connectString(), "baton.election.billing.path=/opt/e");
  private final ApplicationContextRunner runner =
      batonOnly.withConfiguration(
          AutoConfigurations.of(HealthContributorRegistryAutoConfiguration.class));

  @Test
  void withEverythingOnTheClassPath() {
    runner
        .withPropertyValues("baton.availability.resign-when-unavailable=true")
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(IntegrationLeaderEventBridge.class);
              assertThat(ctx).hasSingleBean(BatonHealthContributor.class);
              assertThat(ctx).hasSingleBean(BatonInfoContributor.class);
              assertThat(ctx).hasSingleBean(AvailabilityGuard.class);
              assertThat(ctx).hasSingleBean(HealthProbe.class);
              assertThat(ctx).hasSingleBean(BatonPartitionGroups.class);
            });
  }

  @Test
  void withoutSpringIntegrationElectionsStillWork() {
    runner
        .withClassLoader(new FilteredClassLoader(LeaderEventPublisher.class))
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx).doesNotHaveBean(IntegrationLeaderEventBridge.class);
              BatonElection e = ctx.getBean(BatonElections.class).get("billing");
              await().atMost(Duration.ofSeconds(5)).until(e::isLeader);
            });
  }

  @Test
  void withoutActuatorThereAreNoContributorsAndTheGuardFollowsReadinessOnly() {
    batonOnly
        .withClassLoader(
            new FilteredClassLoader(
                "org.springframework.boot.health.", "org.springframework.boot.actuate."))
        .withPropertyValues("baton.availability.resign-when-unavailable=true")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx).doesNotHaveBean(BatonHealthContributor.class);
              assertThat(ctx).doesNotHaveBean(BatonInfoContributor.class);
              assertThat(ctx).doesNotHaveBean(HealthProbe.class);
              assertThat(ctx).hasSingleBean(AvailabilityGuard.class);
            });
  }

  @Test
  void withoutThePartitionModuleThereAreNoGroups() {
    runner
        .withClassLoader(new FilteredClassLoader(GroupMember.class))
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx).doesNotHaveBean(BatonPartitionGroups.class);
              assertThat(ctx).hasSingleBean(BatonElections.class);
            });
  }

  @Test
  void withoutASessionEverythingBacksOff() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                BatonAutoConfiguration.class,
                BatonElectionAutoConfiguration.class,
                BatonPartitionAutoConfiguration.class,
                BatonIntegrationAutoConfiguration.class,
                BatonHealthAutoConfiguration.class,
                BatonAvailabilityAutoConfiguration.class))
        .withPropertyValues(
            "baton.election.billing.path=/opt/e", "baton.availability.resign-when-unavailable=true")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx).doesNotHaveBean(BatonElections.class);
              assertThat(ctx).doesNotHaveBean(BatonElection.class);
              assertThat(ctx).doesNotHaveBean(AvailabilityGuard.class);
            });
  }
}
