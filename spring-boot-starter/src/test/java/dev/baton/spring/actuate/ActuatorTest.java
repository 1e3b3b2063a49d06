// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.spring.TestApps;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.partition.BatonPartitionGroups;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.health.actuate.endpoint.CompositeHealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The health and info documents of two instances, and the metrics. */
class ActuatorTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/actuator-test/" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private ConfigurableApplicationContext start(String instance, String... more) {
    List<String> props =
        new ArrayList<>(
            List.of(
                "baton.connect-string=" + ZK.connectString(),
                "baton.connection-timeout=2s",
                "baton.instance-id=" + instance,
                "baton.election.billing.path=" + path + "/leader",
                "baton.partitions.orders.path=" + path + "/group",
                "baton.partitions.orders.partition-count=2",
                "management.endpoint.health.show-details=always",
                "management.endpoints.web.exposure.include=health,info"));
    props.addAll(List.of(more));
    ConfigurableApplicationContext app =
        TestApps.start(
            List.of(TestApps.Actuator.class, Metrics.class), props.toArray(String[]::new));
    apps.add(app);
    return app;
  }

  private static Map<String, HealthDescriptor> batonComponents(ConfigurableApplicationContext app) {
    HealthDescriptor baton = app.getBean(HealthEndpoint.class).healthForPath("baton");
    assertThat(baton).isInstanceOf(CompositeHealthDescriptor.class);
    return ((CompositeHealthDescriptor) baton).getComponents();
  }

  private static IndicatedHealthDescriptor component(
      ConfigurableApplicationContext app, String name) {
    return (IndicatedHealthDescriptor) batonComponents(app).get(name);
  }

  @Test
  void healthNamesTheElectionWithLeaderAndTokenForEachInstance() {
    ConfigurableApplicationContext one = start("node-1");
    BatonElection election = one.getBean(BatonElections.class).get("billing");
    await().atMost(Duration.ofSeconds(5)).until(election::isLeader);
    ConfigurableApplicationContext two = start("node-2");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                one.getBean(BatonPartitionGroups.class).get("orders").ownedPartitions().size()
                    == 1);

    IndicatedHealthDescriptor leader = component(one, "billing");
    assertThat(leader.getStatus()).isEqualTo(Status.UP);
    assertThat(leader.getDetails())
        .containsEntry("leader", true)
        .containsEntry("token", election.leadership().orElseThrow().token().toString())
        .containsEntry("participantId", "node-1")
        .containsEntry("connected", true)
        .containsEntry("state", "STARTED")
        .containsKey("termStart");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                Integer.valueOf(2)
                    .equals(component(two, "billing").getDetails().get("participants")));
    IndicatedHealthDescriptor follower = component(two, "billing");
    assertThat(follower.getStatus()).isEqualTo(Status.UP);
    assertThat(follower.getDetails())
        .containsEntry("leader", false)
        .containsEntry("token", "none")
        .containsEntry("leaderId", "node-1");

    IndicatedHealthDescriptor group = component(one, "orders");
    assertThat(group.getStatus()).isEqualTo(Status.UP);
    assertThat(group.getDetails())
        .containsEntry("memberId", "node-1")
        .containsEntry("ownedCount", 1)
        .containsEntry("duplicateMemberId", false)
        .containsKey("unowned")
        .containsKey("assigner");

    Map<String, Object> info = one.getBean(InfoEndpoint.class).info();
    assertThat(info).containsKey("baton");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Map<String, Object>>> baton =
        (Map<String, Map<String, Map<String, Object>>>) info.get("baton");
    assertThat(baton.get("elections").get("billing"))
        .containsEntry("leader", true)
        .containsEntry("token", election.leadership().orElseThrow().token().toString());
    assertThat(baton.get("partitions").get("orders")).containsKey("owned");

    MeterRegistry meters = one.getBean(MeterRegistry.class);
    assertThat(meters.find("baton.election.leader").gauge()).isNotNull();
    assertThat(meters.find("baton.election.leader").gauge().value()).isEqualTo(1.0);
  }

  @Test
  void aDuplicateMemberIdIsDown() {
    ConfigurableApplicationContext one = start("same-id");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> component(one, "orders").getDetails().get("ownedCount").equals(2));
    ConfigurableApplicationContext two = start("same-id");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> component(two, "orders").getStatus().equals(Status.DOWN));
    assertThat(component(two, "orders").getDetails()).containsEntry("duplicateMemberId", true);
    assertThat(component(one, "orders").getStatus()).isEqualTo(Status.UP);
  }

  @Test
  void theContributorsCanBeTurnedOff() {
    ConfigurableApplicationContext one =
        start(
            "node-1",
            "management.health.baton.enabled=false",
            "management.info.baton.enabled=false");
    assertThat(one.getBeansOfType(BatonHealthContributor.class)).isEmpty();
    assertThat(one.getBeansOfType(BatonInfoContributor.class)).isEmpty();
    assertThat(one.getBean(HealthEndpoint.class).healthForPath("baton")).isNull();
  }

  @Configuration(proxyBeanMethods = false)
  static class Metrics {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }
}
