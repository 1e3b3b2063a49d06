// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import dev.baton.spring.test.TestApplication;
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
  void theContextStartsAndStopsTheContainerBean() {
    TestContext testContext = new TestContextManager(UserTest.class).getTestContext();
    ApplicationContext context = testContext.getApplicationContext();
    StandInZooKeeperContainer container = context.getBean(StandInZooKeeperContainer.class);
    BatonConnectionDetails details = context.getBean(BatonConnectionDetails.class);

    assertThat(container.isRunning()).isTrue();
    assertThat(details.connectString()).isEqualTo(container.server().connectString());

    testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
    assertThat(container.isRunning()).isFalse();
  }
}
