// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.ZooKeeperFixtures;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A fence znode that holds no token in Baton's format refuses writes and is never overwritten. */
class ZkFenceMalformedNodeTest {
  private static TestingServer server;
  private static CuratorFramework client;
  private static ZkFence fence;

  @BeforeAll
  static void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    client = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    client.blockUntilConnected();
    fence = ZkFence.create(client, "/baton/malformed-fences");
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    server.close();
  }

  @Test
  void aMalformedFenceZnodeRefusesEveryWriteAndStaysAsItIs() throws Exception {
    byte[][] junk = {
      "garbage".getBytes(StandardCharsets.UTF_8),
      "5".getBytes(StandardCharsets.UTF_8), // the lenient form FencingToken.parse would take
      "ft:-1@/s".getBytes(StandardCharsets.UTF_8),
      {(byte) 0xff, (byte) 0xfe},
      new byte[0],
      new byte[FenceRecord.MAX_BYTES + 1],
    };
    for (int i = 0; i < junk.length; i++) {
      String resource = "damaged-" + i;
      String path = fence.fencePath(resource);
      client.create().creatingParentsIfNeeded().forPath(path, junk[i]);
      AtomicInteger ran = new AtomicInteger();
      assertThatThrownBy(
              () ->
                  fence.write(
                      resource,
                      FencingToken.of("/s", 1_000_000),
                      tx -> {
                        ran.incrementAndGet();
                        return tx.add(
                            tx.ops()
                                .create()
                                .withMode(CreateMode.PERSISTENT)
                                .forPath("/written-" + resource));
                      }))
          .as(resource)
          .isInstanceOfSatisfying(
              MalformedFenceException.class, e -> assertThat(e.path()).isEqualTo(path))
          .hasMessageContaining(path);
      assertThatThrownBy(() -> fence.highest(resource)).isInstanceOf(MalformedFenceException.class);
      assertThat(client.getData().forPath(path)).as(resource).isEqualTo(junk[i]);
      assertThat(client.checkExists().forPath("/written-" + resource)).isNull();
      assertThat(ran).hasValue(0);
    }
  }

  @Test
  void aRepairedFenceZnodeIsAcceptedAgain() throws Exception {
    String resource = "repaired";
    String path = fence.fencePath(resource);
    client
        .create()
        .creatingParentsIfNeeded()
        .forPath(path, "oops".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> fence.write(resource, FencingToken.of("/s", 9), tx -> null))
        .isInstanceOf(MalformedFenceException.class);
    client.setData().forPath(path, "ft:7@/s".getBytes(StandardCharsets.UTF_8));
    assertThat(fence.highest(resource)).contains(FencingToken.of("/s", 7));
    fence.write(resource, FencingToken.of("/s", 9), tx -> null);
    assertThat(client.getData().forPath(path)).asString().startsWith("fw1:").endsWith("|ft:9@/s");
  }

  @Test
  void dotResourcesGetFenceZnodesZooKeeperAccepts() {
    for (String resource : new String[] {".", "..", "...", "%2E"}) {
      fence.write(resource, FencingToken.of("/s", 3), tx -> null);
      assertThat(fence.highest(resource)).as(resource).contains(FencingToken.of("/s", 3));
    }
    assertThat(fence.fencePath(".")).isEqualTo("/baton/malformed-fences/%2E");
    assertThat(fence.fencePath("..")).isEqualTo("/baton/malformed-fences/%2E%2E");
    assertThat(fence.fencePath("%2E")).isEqualTo("/baton/malformed-fences/%252E");
    assertThat(fence.fencePath("...")).isEqualTo("/baton/malformed-fences/...");
  }
}
