// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FenceContractTest;
import dev.baton.fencing.FencedAction;
import dev.baton.testkit.ZooKeeperFixtures;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The fence znode on a real ZooKeeper server, and the ownership guard. */
class ZkFenceTest extends FenceContractTest<ZkTransaction> {
  private static TestingServer server;
  private static CuratorFramework client;
  private static ZkFence fence;

  @BeforeAll
  static void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    client = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    client.blockUntilConnected();
    fence = ZkFence.create(client, "/baton/fences");
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    server.close();
  }

  @Override
  protected Fence<ZkTransaction> fence() {
    return fence;
  }

  private static String logPath(String resource) {
    return "/log/" + resource;
  }

  @Override
  protected FencedAction<ZkTransaction, Void> writeMarker(
      String resource, String marker, long token) {
    return tx -> {
      ensure(logPath(resource));
      tx.add(
          tx.ops()
              .create()
              .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
              .forPath(
                  logPath(resource) + "/m-",
                  (marker + ":" + token).getBytes(StandardCharsets.UTF_8)));
      return null;
    };
  }

  private static void ensure(String path) throws Exception {
    try {
      client.create().creatingParentsIfNeeded().forPath(path);
    } catch (KeeperException.NodeExistsException exists) {
      // already there
    }
  }

  @Override
  protected List<String> committed(String resource) throws Exception {
    String path = logPath(resource);
    if (client.checkExists().forPath(path) == null) {
      return List.of();
    }
    List<String> children = new ArrayList<>(client.getChildren().forPath(path));
    children.sort(Comparator.naturalOrder()); // persistent sequence, fixed width, from 0
    List<String> markers = new ArrayList<>();
    for (String child : children) {
      markers.add(
          new String(
              client.getData().forPath(ZKPaths.makePath(path, child)), StandardCharsets.UTF_8));
    }
    return markers;
  }

  @Test
  void theOwnershipGuardWritesOnlyWhileTheOwnerNodeExists() throws Exception {
    ZkOwnershipGuard guard = ZkOwnershipGuard.create(client);
    String owner =
        client
            .create()
            .creatingParentsIfNeeded()
            .withMode(CreateMode.EPHEMERAL)
            .forPath("/owners/leader-1");
    guard.write(
        owner,
        tx -> tx.add(tx.ops().create().forPath("/owned-1", "v1".getBytes(StandardCharsets.UTF_8))));
    assertThat(client.getData().forPath("/owned-1")).asString().isEqualTo("v1");
    client.delete().forPath(owner);
    assertThatThrownBy(
            () ->
                guard.write(
                    owner,
                    tx ->
                        tx.add(
                            tx.ops()
                                .setData()
                                .forPath("/owned-1", "stale".getBytes(StandardCharsets.UTF_8)))))
        .isInstanceOf(ZkOwnershipGuard.OwnershipLostException.class)
        .hasMessageContaining(owner);
    assertThat(client.getData().forPath("/owned-1")).asString().isEqualTo("v1");
  }

  @Test
  void aWriteThroughAnotherFenceInstanceInvalidatesWhatThisOneRemembers() {
    ZkFence mine = ZkFence.create(client, "/baton/fences");
    ZkFence theirs = ZkFence.create(client, "/baton/fences");
    String r = newResource();
    mine.write(r, dev.baton.fencing.FencingToken.of("/s", 5), tx -> null);
    theirs.write(r, dev.baton.fencing.FencingToken.of("/s", 7), tx -> null);
    assertThatThrownBy(() -> mine.write(r, dev.baton.fencing.FencingToken.of("/s", 6), tx -> null))
        .isInstanceOfSatisfying(
            dev.baton.fencing.StaleTokenException.class,
            e -> assertThat(e.current()).contains(dev.baton.fencing.FencingToken.of("/s", 7)));
    mine.write(r, dev.baton.fencing.FencingToken.of("/s", 7), tx -> null);
    mine.write(r, dev.baton.fencing.FencingToken.of("/s", 8), tx -> null);
    assertThat(theirs.highest(r)).contains(dev.baton.fencing.FencingToken.of("/s", 8));
  }
}
