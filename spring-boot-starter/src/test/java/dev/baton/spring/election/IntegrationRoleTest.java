// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.spring.TestApps;
import dev.baton.spring.election.integration.BatonLeaderContext;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.integration.annotation.Role;
import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.integration.config.EnableIntegration;
import org.springframework.integration.leader.event.AbstractLeaderEvent;
import org.springframework.integration.leader.event.OnGrantedEvent;
import org.springframework.integration.leader.event.OnRevokedEvent;
import org.springframework.integration.support.SmartLifecycleRoleController;
import org.springframework.messaging.MessageHandler;

/** Spring Integration's leader events and {@code @Role} endpoints driven by a Baton election. */
class IntegrationRoleTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/role-test/" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private ConfigurableApplicationContext start(int i) {
    ConfigurableApplicationContext app =
        TestApps.start(
            List.of(RoleApp.class),
            "baton.connect-string=" + ZK.connectString(),
            "baton.connection-timeout=2s",
            "baton.instance-id=node-" + i,
            "baton.election.billing.path=" + path,
            "baton.election.billing.role=cluster");
    apps.add(app);
    return app;
  }

  private static boolean endpointsRunning(ConfigurableApplicationContext app) {
    return app.getBean(SmartLifecycleRoleController.class).allEndpointsRunning("cluster");
  }

  private static boolean noEndpointsRunning(ConfigurableApplicationContext app) {
    return app.getBean(SmartLifecycleRoleController.class).noEndpointsRunning("cluster");
  }

  @Test
  void roleEndpointsStartOnGrantAndStopOnRevoke() {
    ConfigurableApplicationContext first = start(1);
    BatonElection election = first.getBean(BatonElections.class).get("billing");
    await().atMost(Duration.ofSeconds(5)).until(election::isLeader);
    await().atMost(Duration.ofSeconds(5)).until(() -> endpointsRunning(first));
    assertThat(first.getBean(SmartLifecycleRoleController.class).getRoles()).contains("cluster");

    ConfigurableApplicationContext second = start(2);
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> noEndpointsRunning(second));

    election.leave();
    assertThat(noEndpointsRunning(first)).isTrue();
    await().atMost(Duration.ofSeconds(5)).until(() -> endpointsRunning(second));

    Recorder events = first.getBean(Recorder.class);
    assertThat(events.seen)
        .extracting(e -> e.getClass().getSimpleName() + ":" + e.getRole())
        .containsExactly("OnGrantedEvent:cluster", "OnRevokedEvent:cluster");
    BatonLeaderContext granted = (BatonLeaderContext) events.seen.get(0).getContext();
    BatonLeaderContext revoked = (BatonLeaderContext) events.seen.get(1).getContext();
    assertThat(granted.token()).isEqualTo(revoked.token());
    assertThat(granted.token().scope()).isEqualTo(path);
    assertThat(granted.isLeader()).isFalse();
    assertThat(events.leaderWhenGranted).containsExactly(true);
  }

  @Test
  void contextYieldHandsTheRoleToTheOtherInstance() {
    ConfigurableApplicationContext first = start(1);
    await().atMost(Duration.ofSeconds(5)).until(() -> endpointsRunning(first));
    ConfigurableApplicationContext second = start(2);
    Recorder events = first.getBean(Recorder.class);

    events.seen.get(0).getContext().yield();

    await().atMost(Duration.ofSeconds(5)).until(() -> endpointsRunning(second));
    assertThat(noEndpointsRunning(first)).isTrue();
    assertThat(first.getBean(BatonElections.class).get("billing").isLeader()).isFalse();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableIntegration
  static class RoleApp {
    @Bean
    @ServiceActivator(inputChannel = "work", autoStartup = "false")
    @Role("cluster")
    MessageHandler clusterHandler() {
      return message -> {};
    }

    @Bean
    Recorder recorder() {
      return new Recorder();
    }
  }

  static class Recorder {
    final List<AbstractLeaderEvent> seen = new CopyOnWriteArrayList<>();
    final List<Boolean> leaderWhenGranted = new CopyOnWriteArrayList<>();

    @EventListener
    void granted(OnGrantedEvent event) {
      leaderWhenGranted.add(event.getContext().isLeader());
      seen.add(event);
    }

    @EventListener
    void revoked(OnRevokedEvent event) {
      seen.add(event);
    }
  }
}
