// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.zk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.FourLetterWords;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

class EmbeddedZooKeeperTest {
  @Test
  void mntrCountsPacketsAndTheClientCounterCountsRequests() throws Exception {
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(true)) {
      assertThat(FourLetterWords.mntr(zk.host(), zk.port()))
          .containsEntry("zk_server_state", "standalone");
      long a = zk.packetsReceived();
      long b = zk.packetsReceived();
      assertThat(b - a).as("an mntr read counts itself once").isEqualTo(1);

      CountDownLatch connected = new CountDownLatch(1);
      ZooKeeper client =
          new ZooKeeper(
              zk.connectString(),
              15_000,
              e -> {
                if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                  connected.countDown();
                }
              });
      try {
        assertThat(connected.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ClientRequests.available()).isTrue();
        long issuedBefore = ClientRequests.issued(client);
        long before = zk.packetsReceived();
        client.create("/x", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        client.getChildren("/", false);
        client.delete("/x", -1);
        long after = zk.packetsReceived();
        assertThat(after - before - 1).isEqualTo(3);
        assertThat(ClientRequests.issued(client) - issuedBefore).isEqualTo(3);
      } finally {
        client.close();
      }
    }
  }

  @Test
  void theFsyncSettingHoldsForItsOwnServerOnly() throws Exception {
    String property = "zookeeper.forceSync";
    String before = System.getProperty(property);
    try (EmbeddedZooKeeper noSync = EmbeddedZooKeeper.start(false)) {
      assertThat(noSync.logForceSync()).contains(false);
      assertThat(System.getProperty(property)).as("restored once started").isEqualTo(before);
    }
    try (EmbeddedZooKeeper sync = EmbeddedZooKeeper.start(true)) {
      assertThat(sync.logForceSync()).as("a later server fsyncs").contains(true);
    }
    System.setProperty(property, "no");
    try (EmbeddedZooKeeper sync = EmbeddedZooKeeper.start(true)) {
      assertThat(sync.logForceSync()).as("fsync on even if the JVM says no").contains(true);
      assertThat(System.getProperty(property)).isEqualTo("no");
    } finally {
      if (before == null) {
        System.clearProperty(property);
      } else {
        System.setProperty(property, before);
      }
    }
  }
}
