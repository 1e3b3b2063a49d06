// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A static extension: one server for the class and its nested classes. */
class EmbeddedZooKeeperExtensionTest {
  @RegisterExtension static final EmbeddedZooKeeperExtension ZK = new EmbeddedZooKeeperExtension();

  private static final AtomicReference<EmbeddedZooKeeperServer> SEEN_BY_NESTED =
      new AtomicReference<>();

  @AfterAll
  static void theServerOutlivesTheNestedClass() {
    // @AfterAll methods run before the extension's afterAll: the server must still run here, after
    // the nested class (and its afterAll callback) finished.
    assertThat(SEEN_BY_NESTED.get()).isSameAs(ZK.server());
    assertThat(ZK.server().isRunning()).isTrue();
  }

  @Test
  void exposesARunningServer() throws Exception {
    assertThat(ZK.connectString()).isEqualTo("127.0.0.1:" + ZK.port());
    try (CuratorFramework client = ZooKeeperClients.connected(ZK.connectString())) {
      assertThat(client.checkExists().forPath("/zookeeper")).isNotNull();
    }
  }

  @Test
  void anExtensionOutsideItsTestHasNoServer() {
    EmbeddedZooKeeperExtension idle = new EmbeddedZooKeeperExtension();
    assertThatThrownBy(idle::server)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("runs only while its test class");
    assertThatThrownBy(idle::connectString).isInstanceOf(IllegalStateException.class);
  }

  @Nested
  class NestedTests {
    @Test
    void sharesTheOuterServer() {
      SEEN_BY_NESTED.set(ZK.server());
      assertThat(ZK.server().isRunning()).isTrue();
    }
  }
}
