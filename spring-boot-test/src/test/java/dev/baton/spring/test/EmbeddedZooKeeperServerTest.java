// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;

class EmbeddedZooKeeperServerTest {
  @Test
  void servesClientsOnLoopbackUntilClosed() throws Exception {
    int port;
    try (EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start()) {
      port = server.port();
      assertThat(server.connectString()).isEqualTo("127.0.0.1:" + port);
      assertThat(server.isRunning()).isTrue();
      try (CuratorFramework client = ZooKeeperClients.connected(server.connectString())) {
        client.create().withMode(CreateMode.PERSISTENT).forPath("/probe", new byte[] {42});
        assertThat(client.getData().forPath("/probe")).containsExactly(42);
      }
      assertAccepting(port);
    }
    assertThatThrownBy(() -> assertAccepting(port)).isInstanceOf(ConnectException.class);
  }

  @Test
  void closeIsIdempotentAndReported() {
    EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start();
    server.close();
    server.close();
    assertThat(server.isRunning()).isFalse();
    assertThat(server)
        .hasToString("EmbeddedZooKeeperServer[" + server.connectString() + ", closed]");
  }

  @Test
  void grantsLongSessionTimeoutsUpToItsMaximum() throws Exception {
    try (EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start();
        CuratorFramework client =
            CuratorFrameworkFactory.builder()
                .connectString(server.connectString())
                .sessionTimeoutMs(45_000)
                .retryPolicy(new RetryOneTime(100))
                .build()) {
      client.start();
      client.blockUntilConnected();
      // ZooKeeper's default maximum would be 20 ticks (20 s); the server raises it to 60 s.
      assertThat(client.getZookeeperClient().getZooKeeper().getSessionTimeout()).isEqualTo(45_000);
    }
  }

  static void assertAccepting(int port) throws IOException {
    try (Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port)) {
      assertThat(socket.isConnected()).isTrue();
    }
  }
}
