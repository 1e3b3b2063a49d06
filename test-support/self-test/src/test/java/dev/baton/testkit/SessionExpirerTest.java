// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link SessionExpirer}: a real expiry, seen by the server, by others and by the client. */
class SessionExpirerTest {
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WITHIN = Duration.ofSeconds(15);

  private TestingServer server;
  private CuratorFramework direct;

  @BeforeEach
  void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    direct = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    direct.blockUntilConnected();
  }

  @AfterEach
  void stop() throws Exception {
    direct.close();
    server.close();
  }

  @Test
  void theServerDropsTheEphemeralsAndTheClientSeesLost() throws Exception {
    try (CuratorFramework client =
        ZooKeeperFixtures.newClient(server.getConnectString(), SESSION)) {
      client.blockUntilConnected();
      StateLog states = StateLog.attach(client);
      long session = client.getZookeeperClient().getZooKeeper().getSessionId();
      client.create().withMode(CreateMode.EPHEMERAL).forPath("/owned");

      SessionExpirer.expireOnServer(client, WITHIN);

      assertThat(direct.checkExists().forPath("/owned")).isNull(); // gone before the call returned
      long lost = states.await(ConnectionState.LOST, WITHIN);
      states.awaitAfter(ConnectionState.RECONNECTED, lost, WITHIN);
      assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).isNotEqualTo(session);
      assertThat(client.checkExists().forPath("/")).isNotNull();
    }
  }

  @Test
  void aRawHandleGetsExpired() throws Exception {
    CountDownLatch connected = new CountDownLatch(1);
    CountDownLatch expired = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            server.getConnectString(),
            (int) SESSION.toMillis(),
            event -> {
              if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
              } else if (event.getState() == KeeperState.Expired) {
                expired.countDown();
              }
            });
    try {
      assertThat(connected.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      SessionExpirer.expireOnServer(
          server.getConnectString(), zk.getSessionId(), zk.getSessionPasswd(), WITHIN);
      assertThat(expired.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      assertThat(zk.getState()).isEqualTo(ZooKeeper.States.CLOSED);
    } finally {
      zk.close();
    }
  }

  @Test
  void expiringAnExpiredSessionAgainReturnsQuietly() throws Exception {
    try (CuratorFramework client =
        ZooKeeperFixtures.newClient(server.getConnectString(), SESSION)) {
      client.blockUntilConnected();
      ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
      long session = zk.getSessionId();
      byte[] password = zk.getSessionPasswd();
      client.create().withMode(CreateMode.EPHEMERAL).forPath("/once");

      SessionExpirer.expireOnServer(server.getConnectString(), session, password, WITHIN);
      SessionExpirer.expireOnServer(server.getConnectString(), session, password, WITHIN);

      assertThat(direct.checkExists().forPath("/once")).isNull();
    }
  }

  @Test
  void anUnreachableServerFailsWithinTheTimeout() {
    try (TcpProxy refusing = TcpProxy.start("127.0.0.1", server.getPort())) {
      refusing.cut();
      long start = System.nanoTime();
      assertThatThrownBy(
              () ->
                  SessionExpirer.expireOnServer(
                      refusing.connectString(), 0x1234L, new byte[16], Duration.ofSeconds(1)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("0x1234")
          .hasMessageContaining(refusing.connectString());
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      await().atMost(WITHIN).until(() -> refusing.connectionsAccepted() >= 1);
    }
  }

  @Test
  void aClientWithoutASessionIsRejected() {
    assertThatThrownBy(
            () -> SessionExpirer.expireOnServer(server.getConnectString(), 0, new byte[16], WITHIN))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
