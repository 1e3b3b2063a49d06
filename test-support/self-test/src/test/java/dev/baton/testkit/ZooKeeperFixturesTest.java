// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The single-server fixture and the four-letter words. */
class ZooKeeperFixturesTest {
  private static final Duration SESSION = Duration.ofSeconds(4);

  @Test
  void aHundredClientsFromOneAddressConnect() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      List<CuratorFramework> clients = new ArrayList<>();
      try {
        for (int i = 0; i < 100; i++) {
          clients.add(ZooKeeperFixtures.newClient(server.getConnectString(), SESSION));
        }
        for (CuratorFramework client : clients) {
          assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
          assertThat(client.checkExists().forPath("/")).isNotNull();
        }
        Map<String, String> mntr = FourLetterWords.mntr("127.0.0.1", server.getPort());
        assertThat(Long.parseLong(mntr.get("zk_num_alive_connections")))
            .isGreaterThanOrEqualTo(100);
      } finally {
        closeAll(clients);
      }
    }
  }

  /** Closes concurrently: closing a ZooKeeper handle takes about 100 ms, mostly waiting. */
  private static void closeAll(List<CuratorFramework> clients) throws InterruptedException {
    ExecutorService closer = Executors.newFixedThreadPool(20);
    clients.forEach(c -> closer.execute(c::close));
    closer.shutdown();
    assertThat(closer.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void mntrCountsTheRequestsAServerReceives() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer();
        CuratorFramework client = ZooKeeperFixtures.newClient(server.getConnectString(), SESSION)) {
      client.blockUntilConnected();
      Map<String, String> mntr = FourLetterWords.mntr("127.0.0.1", server.getPort());
      assertThat(mntr)
          .containsEntry("zk_server_state", "standalone")
          .containsKey("zk_packets_received");

      long before = FourLetterWords.packetsReceived("127.0.0.1", server.getPort());
      for (int i = 0; i < 10; i++) {
        client.checkExists().forPath("/");
      }
      long after = FourLetterWords.packetsReceived("127.0.0.1", server.getPort());
      // the ten requests, the second mntr itself, perhaps a ping and Curator's ensemble tracker's
      // getConfig, which it sends when it sees the client connected
      assertThat(after - before).isBetween(11L, 14L);
    }
  }

  @Test
  void eachFourLetterWordCountsAsOnePacket() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      long first = FourLetterWords.packetsReceived("127.0.0.1", server.getPort());
      long second = FourLetterWords.packetsReceived("127.0.0.1", server.getPort());
      assertThat(second - first).isEqualTo(1);
    }
  }

  @Test
  void srvrTellsTheServersMode() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      assertThat(FourLetterWords.srvr("127.0.0.1", server.getPort())).contains("Mode: standalone");
    }
  }

  @Test
  void aFreshServerDeletesItsDataDirectoryOnClose() throws Exception {
    TestingServer server = ZooKeeperFixtures.startServer();
    File dataDir = server.getTempDirectory();
    assertThat(dataDir).isDirectory();
    server.close();
    assertThat(dataDir).doesNotExist();
  }

  @Test
  void aServerRestartedOnItsDataDirectoryAndPortKeepsTheTree(@TempDir File dataDir)
      throws Exception {
    int port;
    try (TestingServer server = ZooKeeperFixtures.startServer(dataDir);
        CuratorFramework client = ZooKeeperFixtures.newClient(server.getConnectString(), SESSION)) {
      port = server.getPort();
      client.create().forPath("/kept", "v1".getBytes(UTF_8));
    }
    assertThat(dataDir).isDirectory();

    try (TestingServer server = ZooKeeperFixtures.restartServer(dataDir, port);
        CuratorFramework client = ZooKeeperFixtures.newClient(server.getConnectString(), SESSION)) {
      assertThat(server.getPort()).isEqualTo(port);
      assertThat(new String(client.getData().forPath("/kept"), UTF_8)).isEqualTo("v1");
    }
  }

  @Test
  void theGrantedSessionTimeoutIsTheOneAsked() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer();
        CuratorFramework client =
            ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofMillis(2000))) {
      client.blockUntilConnected();
      assertThat(client.getZookeeperClient().getZooKeeper().getSessionTimeout()).isEqualTo(2000);
    }
  }
}
