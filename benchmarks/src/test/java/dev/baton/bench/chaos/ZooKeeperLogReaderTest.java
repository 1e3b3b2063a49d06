// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.chaos.SafetyChecker.Row;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The ZooKeeper fence's log read back from real sequential znodes, and judged. */
class ZooKeeperLogReaderTest {
  private TestingServer server;
  private CuratorFramework zk;

  @BeforeEach
  void start() throws Exception {
    server = new TestingServer(true);
    zk = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
    zk.start();
  }

  @AfterEach
  void stop() throws Exception {
    zk.close();
    server.close();
  }

  private void append(String resource, String data) throws Exception {
    zk.create()
        .creatingParentsIfNeeded()
        .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
        .forPath("/t/writes/" + resource + "/w-", data.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void readsEachResourceInSequenceOrderAndBothDataForms() throws Exception {
    append("p0", "writer=c1 token=1");
    append("p0", "c2 2");
    append("p1", "writer=c2 token=2");

    assertThat(SafetyChecker.readZooKeeperLog(server.getConnectString(), "/t"))
        .containsExactly(new Row("p0", "c1", 1), new Row("p0", "c2", 2), new Row("p1", "c2", 2));
    assertThat(SafetyChecker.readZooKeeperLog(server.getConnectString(), "/none")).isEmpty();
  }

  @Test
  void aStaleWriteInTheZooKeeperLogIsReported() throws Exception {
    append("p0", "writer=c2 token=2");
    append("p0", "writer=c1 token=1");
    append("p0", "writer=c1 token=2");

    List<Row> rows = SafetyChecker.readZooKeeperLog(server.getConnectString(), "/t");
    SafetyChecker.Report r = SafetyChecker.check(rows, Map.of(), null);

    assertThat(r.violations())
        .anySatisfy(v -> assertThat(v).contains("token 1 of c1 accepted after token 2 of c2"))
        .anySatisfy(v -> assertThat(v).contains("token 2 accepted from both c2 and c1"));
  }

  @Test
  void anUnreadableZnodeFailsTheCheck() throws Exception {
    append("p0", "garbage");

    assertThatThrownBy(() -> SafetyChecker.readZooKeeperLog(server.getConnectString(), "/t"))
        .isInstanceOf(ChaosFailure.class)
        .hasMessageContaining("'garbage'");
  }
}
