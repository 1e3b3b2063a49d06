// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextManager;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Where the annotation is found: on the enclosing class of a {@code @Nested} test, and on a plain
 * Spring test without Spring Boot. Each context is loaded through {@link TestContextManager}, as
 * the SpringExtension does, then closed.
 */
class AnnotationPlacementTest {
  @SpringJUnitConfig(PlainConfiguration.class)
  @AutoConfigureEmbeddedZooKeeper
  static class PlainSpringTest {
    @Nested
    class NestedTest {}
  }

  @Configuration(proxyBeanMethods = false)
  static class PlainConfiguration {}

  @Test
  void aPlainSpringTestGetsTheServerToo() {
    assertServed(PlainSpringTest.class);
  }

  @Test
  void aNestedTestInheritsItFromItsEnclosingClass() {
    assertServed(PlainSpringTest.NestedTest.class);
  }

  private static void assertServed(Class<?> testClass) {
    TestContext testContext = new TestContextManager(testClass).getTestContext();
    ApplicationContext context = testContext.getApplicationContext();
    EmbeddedZooKeeperServer server = context.getBean(EmbeddedZooKeeperServer.class);
    assertThat(server.isRunning()).isTrue();
    assertThat(context.getBean(BatonConnectionDetails.class).connectString())
        .isEqualTo(server.connectString());
    assertThat(context.getEnvironment().getProperty("baton.connect-string"))
        .isEqualTo(server.connectString());
    testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
    assertThat(server.isRunning()).isFalse();
  }
}
