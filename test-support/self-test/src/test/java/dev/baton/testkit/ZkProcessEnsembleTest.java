// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link ZkProcessEnsemble}: real server processes reach a quorum, lose their leader, lose and
 * regain the majority, restart from their data directories, and survive a paused follower.
 */
class ZkProcessEnsembleTest {
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WITHIN = Duration.ofSeconds(30);

  /**
   * How long restarted servers get to serve again: what the fixture gives a fresh start. A restart
   * is a start (a new JVM each, an election, a sync), and two at once on a loaded two-core machine
   * outlasted 30 s, the last follower only syncing at the deadline.
   */
  private static final Duration RESTARTED = ZkProcessEnsemble.START_TIMEOUT;

  @RegisterExtension final Closer closer = new Closer();

  @Test
  void threeServersElectOneLeaderAndServeAClient() throws Exception {
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.start(3));
    assertThat(zk.size()).isEqualTo(3);
    int leader = zk.leaderIndex();
    assertThat(IntStream.range(0, 3).mapToObj(i -> zk.mode(i).orElseThrow()).toList())
        .containsExactlyInAnyOrder("leader", "follower", "follower");
    assertThat(zk.mode(leader)).hasValue("leader");
    assertThat(zk.logTail(leader, 1000)).anyMatch(l -> l.contains("LEADING"));
    List<Integer> ports = IntStream.range(0, 3).map(zk::clientPort).boxed().toList();
    assertThat(ports).doesNotHaveDuplicates();
    assertThat(zk.connectString())
        .isEqualTo(
            "127.0.0.1:"
                + ports.get(0)
                + ",127.0.0.1:"
                + ports.get(1)
                + ",127.0.0.1:"
                + ports.get(2));
    for (int i = 0; i < 3; i++) {
      assertThat(zk.isRunning(i)).isTrue();
      assertThat(zk.isPaused(i)).isFalse();
      assertThat(zk.pid(i)).isPresent();
      assertThat(Files.readString(zk.dataDir(i).resolve("myid")).trim())
          .isEqualTo(Integer.toString(i + 1));
    }

    CuratorFramework client = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    client.create().forPath("/replicated", "x".getBytes(UTF_8));
    assertThat(new String(client.getData().forPath("/replicated"), UTF_8)).isEqualTo("x");
    for (int i = 0; i < 3; i++) {
      CuratorFramework one =
          closer.add(ZooKeeperFixtures.newClient(zk.serverConnectString(i), SESSION));
      await().atMost(WITHIN).until(() -> one.checkExists().forPath("/replicated") != null);
    }
  }

  @Test
  void killingTheLeaderElectsAnotherAndTheClientGoesOn() throws Exception {
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.start(3));
    CuratorFramework client = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    client.create().forPath("/before", "1".getBytes(UTF_8));
    int leader = zk.leaderIndex();

    zk.kill(leader);
    assertThat(zk.isRunning(leader)).isFalse();
    assertThat(zk.pid(leader)).isEmpty();
    int successor = zk.awaitQuorum(WITHIN);
    assertThat(successor).isNotEqualTo(leader);
    assertThat(zk.leaderIndex()).isEqualTo(successor);

    await()
        .atMost(WITHIN)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              client.create().orSetData().forPath("/after", "2".getBytes(UTF_8));
              assertThat(new String(client.getData().forPath("/before"), UTF_8)).isEqualTo("1");
            });
  }

  @Test
  void withoutAMajorityWritesFailAndRestartedServersBringTheDataBack() throws Exception {
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.start(3));
    CuratorFramework client = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    client.create().forPath("/kept", "k".getBytes(UTF_8));
    int survivor = zk.leaderIndex(); // the leader must notice it lost its followers and step down
    List<Integer> killed = IntStream.range(0, 3).filter(i -> i != survivor).boxed().toList();

    killed.forEach(zk::kill);
    await().atMost(WITHIN).until(() -> zk.mode(survivor).isEmpty());
    CuratorFramework late =
        closer.add(ZooKeeperFixtures.newClient(zk.connectString(), Duration.ofSeconds(2)));
    long start = System.nanoTime();
    assertThatThrownBy(() -> late.create().forPath("/lost")).isInstanceOf(Exception.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(WITHIN);
    assertThatThrownBy(() -> zk.awaitQuorum(Duration.ofSeconds(1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no quorum of 2")
        .hasMessageContaining(survivor + " (port " + zk.clientPort(survivor));

    killed.forEach(zk::restart);
    zk.awaitQuorum(RESTARTED);
    CuratorFramework back = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    await()
        .atMost(WITHIN)
        .ignoreExceptions()
        .until(() -> new String(back.getData().forPath("/kept"), UTF_8).equals("k"));

    zk.restartAll(); // every server from its data directory alone
    zk.awaitQuorum(RESTARTED);
    CuratorFramework after = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    await()
        .atMost(WITHIN)
        .ignoreExceptions()
        .until(() -> new String(after.getData().forPath("/kept"), UTF_8).equals("k"));
    assertThat(after.checkExists().forPath("/lost")).isNull();
  }

  @Test
  void aPausedFollowerCatchesUpWhenResumed() throws Exception {
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.start(3));
    int leader = zk.leaderIndex();
    int follower = (leader + 1) % 3;
    CuratorFramework client =
        closer.add(ZooKeeperFixtures.newClient(zk.serverConnectString(leader), SESSION));

    zk.pause(follower);
    assertThat(zk.isPaused(follower)).isTrue();
    assertThat(zk.isRunning(follower)).isTrue();
    assertThat(zk.mode(follower)).isEmpty();
    assertThat(zk.awaitQuorum(WITHIN)).isEqualTo(leader); // two of three still serve
    client.create().forPath("/while-paused", "p".getBytes(UTF_8));

    zk.resume(follower);
    assertThat(zk.isPaused(follower)).isFalse();
    assertThat(zk.awaitQuorum(WITHIN)).isEqualTo(leader);
    CuratorFramework direct =
        closer.add(ZooKeeperFixtures.newClient(zk.serverConnectString(follower), SESSION));
    await()
        .atMost(WITHIN)
        .ignoreExceptions()
        .until(() -> direct.checkExists().forPath("/while-paused") != null);
  }

  @Test
  void oneServerRunsStandaloneAndRestartsFromItsDataDirectoryAfterAStopOrAKill() throws Exception {
    ZkProcessEnsemble zk = closer.add(ZkProcessEnsemble.start(1));
    assertThat(zk.mode(0)).hasValue("standalone");
    assertThat(zk.leaderIndex()).isZero();
    try (CuratorFramework client = ZooKeeperFixtures.newClient(zk.connectString(), SESSION)) {
      client.create().forPath("/single", "s".getBytes(UTF_8));
    }

    zk.stop(0); // SIGTERM
    assertThat(zk.isRunning(0)).isFalse();
    assertThat(zk.mode(0)).isEmpty();
    assertThatThrownBy(() -> zk.pause(0)).isInstanceOf(IllegalStateException.class);
    zk.restart(0);
    zk.awaitQuorum(RESTARTED);
    zk.restart(0); // kill -9, then start on the same data directory and port
    assertThat(zk.awaitQuorum(RESTARTED)).isZero();
    CuratorFramework client = closer.add(ZooKeeperFixtures.newClient(zk.connectString(), SESSION));
    await()
        .atMost(WITHIN)
        .ignoreExceptions()
        .until(() -> new String(client.getData().forPath("/single"), UTF_8).equals("s"));

    ProcessHandle server = ProcessHandle.of(zk.pid(0).orElseThrow()).orElseThrow();
    server.destroyForcibly(); // not through the ensemble: to it, the server crashed
    server.onExit().join();
    assertThatThrownBy(() -> zk.awaitQuorum(Duration.ofMinutes(5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("server(s) 0 ended on their own")
        .hasMessageContaining("ended with exit code 137")
        .hasMessageContaining("last lines of server 0's log");
  }

  @Test
  void sizesOutsideOneToSevenAreRefused() {
    assertThatThrownBy(() -> ZkProcessEnsemble.start(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ZkProcessEnsemble.start(8))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
