// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ZooKeeperSessionExpiryTest {
  @RegisterExtension static final EmbeddedZooKeeperExtension ZK = new EmbeddedZooKeeperExtension();

  @Test
  void expiresTheSessionOnTheServerBeforeReturning() throws Exception {
    try (CuratorFramework owner = ZooKeeperClients.connected(ZK.connectString());
        CuratorFramework observer = ZooKeeperClients.connected(ZK.connectString())) {
      List<ConnectionState> states = new CopyOnWriteArrayList<>();
      owner.getConnectionStateListenable().addListener((client, state) -> states.add(state));
      owner.create().withMode(CreateMode.EPHEMERAL).forPath("/owned");
      long before = owner.getZookeeperClient().getZooKeeper().getSessionId();

      ZK.expireSession(owner);

      // The server deleted the ephemeral node before the call returned.
      assertThat(observer.checkExists().forPath("/owned")).isNull();
      await().atMost(Duration.ofSeconds(10)).until(() -> states.contains(ConnectionState.LOST));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> owner.getZookeeperClient().getZooKeeper().getSessionId() != before);
    }
  }

  @Test
  void expiresABatonSession() {
    SessionConfig config = SessionConfig.builder(ZK.connectString()).closeOnJvmExit(false).build();
    try (BatonSession session = BatonSession.start(config)) {
      await().atMost(Duration.ofSeconds(10)).until(session::isConnected);
      long before = session.sessionId();

      ZK.expireSession(session);

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> session.sessionId() != before && session.sessionId() != 0);
    }
  }

  @Test
  void anAlreadyExpiredSessionIsNoError() throws Exception {
    try (CuratorFramework client = ZooKeeperClients.connected(ZK.connectString())) {
      ZooKeeper handle = client.getZookeeperClient().getZooKeeper();
      long id = handle.getSessionId();
      byte[] password = handle.getSessionPasswd();
      ZK.server().expireSession(id, password);

      ZK.server().expireSession(id, password);

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> client.getZookeeperClient().getZooKeeper().getSessionId() != id);
    }
  }

  @Test
  void refusesASessionThatNeverConnected() {
    assertThatThrownBy(() -> ZK.server().expireSession(0, new byte[16]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("session id 0");
  }

  @Test
  void failsWithinTheTimeoutWhenNoServerAnswers() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    long start = System.nanoTime();
    assertThatThrownBy(
            () ->
                ZooKeeperSessionExpiry.expire(
                    "127.0.0.1:" + closedPort, 0x1234L, new byte[16], Duration.ofMillis(500)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("could not join session 0x1234 on 127.0.0.1:" + closedPort);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void refusesATimeoutThatIsNotPositive() {
    assertThatThrownBy(
            () ->
                ZooKeeperSessionExpiry.expire(ZK.connectString(), 1L, new byte[16], Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timeout");
  }
}
