// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;

/** The ensemble fixture. */
class ClusterFixtureTest {
  private static final Duration SESSION = Duration.ofSeconds(4);

  @Test
  void threeServersElectOneLeaderAndReplicateAWrite() throws Exception {
    try (TestingCluster cluster = ZooKeeperFixtures.startCluster(3);
        CuratorFramework client =
            ZooKeeperFixtures.newClient(cluster.getConnectString(), SESSION)) {
      client.create().forPath("/replicated", "x".getBytes(UTF_8));
      assertThat(new String(client.getData().forPath("/replicated"), UTF_8)).isEqualTo("x");

      List<InstanceSpec> servers = List.copyOf(cluster.getInstances());
      assertThat(servers).hasSize(3);
      for (InstanceSpec server : servers) {
        try (CuratorFramework one =
            ZooKeeperFixtures.newClient("127.0.0.1:" + server.getPort(), SESSION)) {
          await()
              .atMost(Duration.ofSeconds(10))
              .until(() -> one.checkExists().forPath("/replicated") != null);
        }
      }
      long leaders =
          servers.stream()
              .filter(s -> FourLetterWords.srvr("127.0.0.1", s.getPort()).contains("Mode: leader"))
              .count();
      assertThat(leaders).isEqualTo(1);
    }
  }
}
