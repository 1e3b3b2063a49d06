// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextManager;

/**
 * The server's life follows Spring's test context cache. Each nested class stands for a user's test
 * class; {@link TestContextManager} loads its context through the cache exactly as the
 * SpringExtension does.
 */
class ContextCacheTest {
  @SpringBootTest(classes = TestApplication.class, properties = "cache.case=shared")
  @AutoConfigureEmbeddedZooKeeper
  static class FirstOfTwoAlike {}

  @SpringBootTest(classes = TestApplication.class, properties = "cache.case=shared")
  @AutoConfigureEmbeddedZooKeeper
  static class SecondOfTwoAlike {}

  @SpringBootTest(classes = TestApplication.class, properties = "cache.case=different")
  @AutoConfigureEmbeddedZooKeeper
  static class DifferentProperties {}

  @SpringBootTest(classes = TestApplication.class, properties = "cache.case=shared")
  static class WithoutTheAnnotation {}

  @SpringBootTest(classes = {TestApplication.class, ShutdownProbe.class})
  @AutoConfigureEmbeddedZooKeeper
  static class WithABeanThatUsesTheServerOnShutdown {}

  @Test
  void classesWithTheSameConfigurationShareOneServerAndOthersGetTheirOwn() throws Exception {
    TestContext first = testContext(FirstOfTwoAlike.class);
    TestContext second = testContext(SecondOfTwoAlike.class);
    TestContext different = testContext(DifferentProperties.class);
    EmbeddedZooKeeperServer shared = server(first.getApplicationContext());
    EmbeddedZooKeeperServer own = server(different.getApplicationContext());

    assertThat(second.getApplicationContext()).isSameAs(first.getApplicationContext());
    assertThat(server(second.getApplicationContext())).isSameAs(shared);
    assertThat(own).isNotSameAs(shared);
    assertThat(own.port()).isNotEqualTo(shared.port());

    // Closing the shared context (as @DirtiesContext would) stops its server, not the other.
    first.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
    assertThat(shared.isRunning()).isFalse();
    assertThatThrownBy(() -> EmbeddedZooKeeperServerTest.assertAccepting(shared.port()))
        .isInstanceOf(ConnectException.class);
    EmbeddedZooKeeperServerTest.assertAccepting(own.port());

    different.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
    assertThatThrownBy(() -> EmbeddedZooKeeperServerTest.assertAccepting(own.port()))
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void withoutTheAnnotationThereIsNoServer() {
    ApplicationContext context = testContext(WithoutTheAnnotation.class).getApplicationContext();
    assertThat(context.getBeanNamesForType(EmbeddedZooKeeperServer.class)).isEmpty();
    assertThat(context.getEnvironment().getProperty("baton.connect-string")).isNull();
  }

  @Test
  void theServerStopsAfterTheOtherBeansOfItsContext() {
    TestContext testContext = testContext(WithABeanThatUsesTheServerOnShutdown.class);
    EmbeddedZooKeeperServer server = server(testContext.getApplicationContext());
    ShutdownProbe.SEEN_AT_SHUTDOWN.set(null);

    testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);

    assertThat(ShutdownProbe.SEEN_AT_SHUTDOWN.get()).isEqualTo("served");
    assertThat(server.isRunning()).isFalse();
  }

  private static TestContext testContext(Class<?> testClass) {
    return new TestContextManager(testClass).getTestContext();
  }

  private static EmbeddedZooKeeperServer server(ApplicationContext context) {
    return context.getBean(EmbeddedZooKeeperServer.class);
  }

  /** A bean that talks to ZooKeeper while it is destroyed, as a Baton session does. */
  @Configuration(proxyBeanMethods = false)
  static class ShutdownProbe {
    static final AtomicReference<String> SEEN_AT_SHUTDOWN = new AtomicReference<>();

    @Bean
    DisposableBean zooKeeperUserAtShutdown(org.springframework.core.env.Environment environment) {
      String connectString = environment.getRequiredProperty("baton.connect-string");
      return () -> {
        try (CuratorFramework client = ZooKeeperClients.connected(connectString)) {
          client.checkExists().forPath("/zookeeper");
          SEEN_AT_SHUTDOWN.set("served");
        }
      };
    }
  }
}
