// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.BatonSession;
import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import dev.baton.spring.test.TestApplication;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextManager;

/**
 * The container as a {@code @Bean @ServiceConnection} (the form for a context shared by several
 * test classes): Spring starts it with the context and stops it when the context closes. Driven
 * through {@link TestContextManager} to close the context inside the test.
 */
class ServiceConnectionBeanTest {
  @SpringBootTest(classes = {TestApplication.class, Containers.class})
  static class UserTest {}

  @TestConfiguration(proxyBeanMethods = false)
  static class Containers {
    @Bean
    @ServiceConnection
    StandInZooKeeperContainer zooKeeper() {
      return new StandInZooKeeperContainer();
    }
  }

  @Test
  void theContextStartsTheContainerBeanAndStopsItAfterTheSession() {
    TestContext testContext = new TestContextManager(UserTest.class).getTestContext();
    ApplicationContext context = testContext.getApplicationContext();
    StandInZooKeeperContainer container = context.getBean(StandInZooKeeperContainer.class);
    BatonConnectionDetails details = context.getBean(BatonConnectionDetails.class);
    BatonSession session = context.getBean(BatonSession.class);
    AtomicReference<Boolean> sessionOpenAtStop = new AtomicReference<>();
    container.whenStopping(() -> sessionOpenAtStop.set(session.isOpen()));

    assertThat(container.isRunning()).isTrue();
    assertThat(details.connectString()).isEqualTo(container.server().connectString());
    assertThat(session.curator().getZookeeperClient().getCurrentConnectionString())
        .isEqualTo(details.connectString());

    testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
    assertThat(container.isRunning()).isFalse();
    // The session depends on the details, which depend on the container: it closed first.
    assertThat(sessionOpenAtStop.get()).isFalse();
  }
}
