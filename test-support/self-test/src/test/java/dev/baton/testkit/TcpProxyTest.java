// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.ConnectException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Plain forwarding and the connection-level faults of {@link TcpProxy}. */
class TcpProxyTest {
  private static final Duration SESSION = Duration.ofSeconds(3);
  private static final Duration WITHIN = Duration.ofSeconds(15);

  private TestingServer server;
  private CuratorFramework direct;
  private final List<AutoCloseable> closeables = new ArrayList<>();

  @BeforeEach
  void startServer() throws Exception {
    server = ZooKeeperFixtures.startServer();
    direct = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    direct.blockUntilConnected();
  }

  @AfterEach
  void closeAll() throws Exception {
    for (int i = closeables.size() - 1; i >= 0; i--) {
      closeables.get(i).close();
    }
    direct.close();
    server.close();
  }

  private TcpProxy proxy() {
    TcpProxy proxy = TcpProxy.start("127.0.0.1", server.getPort());
    closeables.add(proxy);
    return proxy;
  }

  private CuratorFramework client(TcpProxy proxy, Duration session) throws InterruptedException {
    CuratorFramework client = ZooKeeperFixtures.newClient(proxy.connectString(), session);
    closeables.add(client);
    assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
    return client;
  }

  private static long sessionId(CuratorFramework client) throws Exception {
    return client.getZookeeperClient().getZooKeeper().getSessionId();
  }

  @Test
  void aClientWorksThroughTheProxy() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework client = client(proxy, SESSION);
    client.create().forPath("/through", "hello".getBytes(UTF_8));

    assertThat(new String(direct.getData().forPath("/through"), UTF_8)).isEqualTo("hello");
    assertThat(proxy.openConnections()).isEqualTo(1);
    assertThat(proxy.connectionsAccepted()).isEqualTo(1);
    assertThat(proxy.connectString()).isEqualTo("127.0.0.1:" + proxy.port());
  }

  @Test
  void cutSuspendsAndHealReconnectsToTheSameSession() throws Exception {
    TcpProxy proxy = proxy();
    // Long enough to ride out the client's reconnect pace (1 to 2 s per attempt to a single host);
    // Curator declares LOST by itself once a session timeout passed while SUSPENDED.
    CuratorFramework client = client(proxy, Duration.ofSeconds(8));
    StateLog states = StateLog.attach(client);
    long session = sessionId(client);
    long acceptedBefore = proxy.connectionsAccepted();

    proxy.cut();
    states.await(ConnectionState.SUSPENDED, WITHIN);
    await()
        .atMost(WITHIN)
        .until(() -> proxy.connectionsAccepted() > acceptedBefore); // refused retries
    assertThat(proxy.openConnections()).isZero();

    proxy.heal();
    states.await(ConnectionState.RECONNECTED, WITHIN);
    assertThat(sessionId(client)).isEqualTo(session);
    assertThat(states.states()).doesNotContain(ConnectionState.LOST);
    assertThat(client.checkExists().forPath("/")).isNotNull();
  }

  @Test
  void blackholeSuspendsAfterTheReadTimeout() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework client = client(proxy, SESSION);
    StateLog states = StateLog.attach(client);
    int negotiated = client.getZookeeperClient().getZooKeeper().getSessionTimeout();

    long start = System.nanoTime();
    proxy.blackhole();
    long suspended = states.await(ConnectionState.SUSPENDED, WITHIN);
    Duration silence = Duration.ofNanos(suspended - start);
    // The client gives up when it has not heard from the server for 2/3 of the session timeout
    // (its read timeout); it last heard at most half that before the blackhole (it pings then).
    assertThat(silence)
        .isBetween(Duration.ofMillis(negotiated / 3 - 200), Duration.ofMillis(negotiated + 500));
    assertThat(proxy.openConnections()).isPositive(); // silent, not closed

    proxy.heal();
    // It works again. Whether in the same session depends on how soon after the suspension the
    // heal reaches the server: on a loaded machine the server may have expired it meanwhile, and
    // Curator then replaces the handle, so a call in between fails with SessionExpired. Keeping
    // the session across a short cut is cutSuspendsAndHealReconnectsToTheSameSession's subject.
    await()
        .atMost(WITHIN)
        .ignoreExceptionsInstanceOf(KeeperException.class)
        .until(() -> client.checkExists().forPath("/") != null);
  }

  @Test
  void aBlackholeLongerThanTheSessionLosesItOnBothSides() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework client = client(proxy, Duration.ofSeconds(2));
    StateLog states = StateLog.attach(client);
    long session = sessionId(client);
    client.create().withMode(CreateMode.EPHEMERAL).forPath("/mine");

    long start = System.nanoTime();
    proxy.blackhole();
    states.await(ConnectionState.SUSPENDED, WITHIN);
    long lost = states.await(ConnectionState.LOST, WITHIN);
    // No word from the server, yet LOST: the ZooKeeper 3.9 client expires the session by itself
    // once
    // it has not heard from the server for 4/3 of the session timeout, and Curator injects an
    // expiry
    // once a session timeout passed in SUSPENDED; whichever its thread notices first (both check
    // only now and then, between connection attempts or event polls).
    assertThat(Duration.ofNanos(lost - start))
        .as("%s", states)
        .isBetween(Duration.ofMillis(1300), Duration.ofMillis(6000));
    // The server, hearing nothing, expired the session on its own.
    await().atMost(WITHIN).until(() -> direct.checkExists().forPath("/mine") == null);

    proxy.heal();
    states.awaitAfter(ConnectionState.RECONNECTED, lost, WITHIN);
    assertThat(sessionId(client)).isNotEqualTo(session);
  }

  @Test
  void delayHoldsEveryChunkAndKeepsTheOrder() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework client = client(proxy, Duration.ofSeconds(4));
    StateLog states = StateLog.attach(client);
    client.create().forPath("/counter");
    Duration delay = Duration.ofMillis(500);

    proxy.delay(delay);
    long start = System.nanoTime();
    client.checkExists().forPath("/counter");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(delay.multipliedBy(2));

    List<Integer> versions = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 30; i++) {
      client
          .setData()
          .inBackground(
              (c, event) ->
                  versions.add(
                      event.getResultCode() == 0
                          ? event.getStat().getVersion()
                          : -event.getResultCode()))
          .forPath("/counter", new byte[] {(byte) i});
    }
    await().atMost(WITHIN).until(() -> versions.size() == 30);
    assertThat(versions).isSorted().startsWith(1).endsWith(30).doesNotHaveDuplicates();

    proxy.heal();
    // A chunk read before heal (a heartbeat the client sent meanwhile) keeps its delay, and the
    // order holds, so the first request after heal may wait behind it for up to the whole delay.
    // Its round trip drains both directions; only the next one must go through undelayed.
    client.checkExists().forPath("/counter");
    start = System.nanoTime();
    client.checkExists().forPath("/counter");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(delay);
    assertThat(states.states()).doesNotContain(ConnectionState.SUSPENDED);
  }

  @Test
  void holdKeepsARequestInFlightUntilHeal() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework client = client(proxy, Duration.ofSeconds(8));
    direct.create().forPath("/held");
    CountDownLatch answered = new CountDownLatch(1);

    proxy.hold();
    client
        .setData()
        .inBackground((c, event) -> answered.countDown())
        .forPath("/held", new byte[] {1});
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(2))
        .until(() -> direct.checkExists().forPath("/held").getVersion() == 0);
    assertThat(answered.getCount()).isEqualTo(1);

    proxy.heal();
    assertThat(answered.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(direct.checkExists().forPath("/held").getVersion()).isEqualTo(1);
  }

  @Test
  void closeStopsListeningAndEndsTheThreadsAndAnArmedCut() throws Exception {
    TcpProxy proxy = proxy();
    client(proxy, SESSION);
    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.DELETE);
    String threadPrefix = "tcp-proxy-" + proxy.port() + "-";

    proxy.close();
    assertThat(cut).isCompletedExceptionally();
    assertThatThrownBy(() -> new Socket("127.0.0.1", proxy.port()).close())
        .isInstanceOf(ConnectException.class);
    await()
        .atMost(WITHIN)
        .until(
            () ->
                Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.getName().startsWith(threadPrefix)));
    assertThatThrownBy(() -> cut.get()).isInstanceOf(ExecutionException.class);
    assertThat(proxy.openConnections()).isZero();
  }

  @Test
  void onlyOneCutCanBeArmedAtATime() {
    TcpProxy proxy = proxy();
    proxy.cutAfterNextRequest(ZkOpCodes.CREATE2);
    assertThatThrownBy(() -> proxy.cutAfterNextRequest(ZkOpCodes.DELETE))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void retargetSendsNewConnectionsElsewhere() throws Exception {
    try (TestingServer other = ZooKeeperFixtures.startServer();
        CuratorFramework otherDirect =
            ZooKeeperFixtures.newClient(other.getConnectString(), SESSION)) {
      otherDirect.create().forPath("/other");
      TcpProxy proxy = proxy();
      proxy.retarget(other.getPort());
      CuratorFramework client = client(proxy, SESSION);
      assertThat(client.checkExists().forPath("/other")).isNotNull();
      assertThatThrownBy(() -> direct.getData().forPath("/other"))
          .isInstanceOf(KeeperException.NoNodeException.class);
    }
  }
}
