// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.WriteOutcomeUnknownException;
import dev.baton.testkit.Closer;
import dev.baton.testkit.FreePorts;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZkOpCodes;
import dev.baton.testkit.ZooKeeperFixtures;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A fenced multi that commits but whose answer is lost (a {@link TcpProxy} drops the answer and
 * cuts the connection) is reported committed, never rejected, and never applied twice: the chaos
 * run {@code 00001-pause-election-zk-s2}, made deterministic. While the writer cannot reconnect
 * (the proxy points at a closed port), a successor writes with a higher token; then the writer
 * reconnects and its client repeats the multi. One that never arrived is a plain rejection, however
 * often the successor wrote; one whose writer's entry was pushed out of the fence znode by more
 * other fences than it remembers is unknown.
 */
class ZkFenceLostAnswerTest {
  private static final AtomicInteger RESOURCES = new AtomicInteger();
  private static final long WAIT_S = 20;
  private static final String BASE = "/baton/lost-answer-fences";

  @RegisterExtension final Closer closer = new Closer();

  private static TestingServer server;
  private static CuratorFramework direct;

  @BeforeAll
  static void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    direct = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    direct.blockUntilConnected();
  }

  @AfterAll
  static void stop() throws Exception {
    direct.close();
    server.close();
  }

  private static FencingToken token(long value) {
    return FencingToken.of("/test/leader", value);
  }

  /** A client through {@code proxy} that repeats a failed operation patiently, as in production. */
  private CuratorFramework clientVia(TcpProxy proxy) throws InterruptedException {
    return clientVia(proxy, 10_000);
  }

  private CuratorFramework clientVia(TcpProxy proxy, int sessionTimeoutMs)
      throws InterruptedException {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString(proxy.connectString())
            .sessionTimeoutMs(sessionTimeoutMs)
            .connectionTimeoutMs(5_000)
            .retryPolicy(new RetryNTimes(100, 50))
            .build();
    c.start();
    closer.add(c::close);
    assertThat(c.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
    return c;
  }

  private TcpProxy proxy() {
    return closer.add(TcpProxy.start("127.0.0.1", server.getPort()));
  }

  private ExecutorService pool() {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    closer.add(pool::shutdownNow);
    return pool;
  }

  /** Adds a persistent sequential log entry {@code marker} under {@code /log/<resource>}. */
  private static ZkTransaction logEntry(ZkTransaction tx, String resource, String marker)
      throws Exception {
    return tx.add(
        tx.ops()
            .create()
            .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
            .forPath("/log/" + resource + "/m-", marker.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<String> log(String resource) throws Exception {
    String path = "/log/" + resource;
    List<String> markers = new ArrayList<>();
    for (String child : direct.getChildren().forPath(path).stream().sorted().toList()) {
      markers.add(new String(direct.getData().forPath(path + "/" + child), StandardCharsets.UTF_8));
    }
    return markers;
  }

  private static String newResource() throws Exception {
    String r = "lost-" + RESOURCES.incrementAndGet();
    direct.create().creatingParentsIfNeeded().forPath("/log/" + r);
    return r;
  }

  /**
   * Cuts the writer's connection right after its next multi went through, keeps it from
   * reconnecting until {@code meanwhile} ran, and returns what the write did.
   */
  private static Future<Object> writeLosingTheAnswer(
      ExecutorService pool, TcpProxy proxy, Runnable write, Runnable meanwhile) throws Exception {
    proxy.retarget(FreePorts.next()); // reconnections reach a closed port until retargeted back
    CompletableFuture<Void> cut = proxy.cutAfterNextRequest(ZkOpCodes.MULTI);
    Future<Object> outcome =
        pool.submit(
            () -> {
              write.run();
              return "written";
            });
    cut.get(WAIT_S, TimeUnit.SECONDS);
    meanwhile.run();
    proxy.retarget(server.getPort());
    return outcome;
  }

  /**
   * A writer through a proxy writes {@code c2-first} to {@code r} with token 17, then {@code
   * c2-second}, whose answer is lost while {@code meanwhile} runs.
   */
  private Future<Object> secondWriteLosingItsAnswer(String r, Runnable meanwhile) throws Exception {
    TcpProxy proxy = proxy();
    ZkFence writer = ZkFence.create(clientVia(proxy), BASE);
    writer.write(r, token(17), tx -> logEntry(tx, r, "c2-first"));
    return writeLosingTheAnswer(
        pool(),
        proxy,
        () -> writer.write(r, token(17), tx -> logEntry(tx, r, "c2-second")),
        meanwhile);
  }

  @Test
  void aCommittedWriteWhoseAnswerWasLostIsReportedCommittedNotRejected() throws Exception {
    ZkFence successor = ZkFence.create(direct, BASE);
    String r = newResource();
    Future<Object> second =
        secondWriteLosingItsAnswer(
            r, () -> successor.write(r, token(18), tx -> logEntry(tx, r, "c1")));

    // The repeat is refused (the successor moved the fence), but the fence znode still lists the
    // lost write's id among its last writes: it committed, before the successor's write.
    assertThat(second.get(WAIT_S, TimeUnit.SECONDS)).isEqualTo("written");
    assertThat(log(r)).containsExactly("c2-first", "c2-second", "c1");
    assertThat(successor.highest(r)).contains(token(18));
  }

  @Test
  void aCommittedWriteWhoseAnswerWasLostIsNotAppliedTwice() throws Exception {
    TcpProxy proxy = proxy();
    ZkFence writer = ZkFence.create(clientVia(proxy), BASE);
    String r = newResource();
    writer.write(r, token(5), tx -> logEntry(tx, r, "first"));

    Future<Object> second =
        writeLosingTheAnswer(
            pool(),
            proxy,
            () -> writer.write(r, token(5), tx -> logEntry(tx, r, "second")),
            () -> {});

    assertThat(second.get(WAIT_S, TimeUnit.SECONDS)).isEqualTo("written");
    assertThat(log(r)).containsExactly("first", "second");
    // The fence is usable again at once, by the same writer.
    writer.write(r, token(5), tx -> logEntry(tx, r, "third"));
    assertThat(log(r)).containsExactly("first", "second", "third");
  }

  @Test
  void aFirstWriteWhoseAnswerWasLostIsReportedCommittedNotRejected() throws Exception {
    TcpProxy proxy = proxy();
    ZkFence writer = ZkFence.create(clientVia(proxy), BASE);
    ZkFence successor = ZkFence.create(direct, BASE);
    String r = newResource();
    writer.highest(r); // connected, and the fence base exists: the next multi is the write's

    Future<Object> first =
        writeLosingTheAnswer(
            pool(),
            proxy,
            () -> writer.write(r, token(17), tx -> logEntry(tx, r, "c2")),
            () -> successor.write(r, token(18), tx -> logEntry(tx, r, "c1")));

    assertThat(first.get(WAIT_S, TimeUnit.SECONDS)).isEqualTo("written");
    assertThat(log(r)).containsExactly("c2", "c1");
  }

  @Test
  void aLostWriteThatNeverArrivedIsRejectedOnceASuccessorWrote() throws Exception {
    TcpProxy proxy = proxy();
    CuratorFramework writerClient = clientVia(proxy, 3_000);
    ZkFence writer = ZkFence.create(writerClient, BASE);
    ZkFence successor = ZkFence.create(direct, BASE);
    String r = newResource();
    writer.write(r, token(17), tx -> logEntry(tx, r, "c2-first"));
    CountDownLatch suspended = new CountDownLatch(1);
    writerClient
        .getConnectionStateListenable()
        .addListener(
            (c, state) -> {
              if (state == ConnectionState.SUSPENDED) {
                suspended.countDown();
              }
            });

    proxy.blackhole(); // the next multi is sent into the void: it never reaches the server
    Future<Object> second =
        pool()
            .submit(
                () -> writer.write(r, token(17), tx -> logEntry(tx, r, "c2-second")).toString());
    for (int i = 0; i < 20; i++) {
      successor.write(r, token(18), tx -> logEntry(tx, r, "c1"));
    }
    assertThat(suspended.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    proxy.heal();

    // Its answer was lost; the repeat is refused; the fence znode's entry for the writer still
    // holds its previous write, 20 writes later: it never committed, so it is a plain rejection.
    assertThatThrownBy(() -> second.get(WAIT_S, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            StaleTokenException.class, e -> assertThat(e.current()).contains(token(18)));
    assertThat(log(r)).startsWith("c2-first", "c1").doesNotContain("c2-second").hasSize(21);
  }

  @Test
  void aCommittedWriteIsKnownHoweverManyTimesASuccessorWroteMeanwhile() throws Exception {
    ZkFence successor = ZkFence.create(direct, BASE);
    String r = newResource();
    Future<Object> second =
        secondWriteLosingItsAnswer(
            r,
            () -> {
              for (int i = 0; i < 20; i++) {
                successor.write(r, token(18), tx -> logEntry(tx, r, "c1"));
              }
            });

    assertThat(second.get(WAIT_S, TimeUnit.SECONDS)).isEqualTo("written");
    assertThat(log(r)).startsWith("c2-first", "c2-second").hasSize(22);
  }

  @Test
  void aLostWriteIsUnknownOnceMoreOtherFencesWroteSinceThanTheZnodeRemembers() throws Exception {
    String r = newResource();
    Future<Object> second =
        secondWriteLosingItsAnswer(
            r,
            () -> {
              for (int i = 0; i <= FenceRecord.WRITERS; i++) {
                ZkFence.create(direct, BASE).write(r, token(18), tx -> logEntry(tx, r, "other"));
              }
            });

    assertThatThrownBy(() -> second.get(WAIT_S, TimeUnit.SECONDS))
        .cause()
        .isNotInstanceOf(StaleTokenException.class)
        .isInstanceOfSatisfying(
            WriteOutcomeUnknownException.class,
            e -> {
              assertThat(e.resource()).isEqualTo(r);
              assertThat(e.token()).contains(token(17));
            });
    assertThat(log(r)).startsWith("c2-first", "c2-second").hasSize(2 + FenceRecord.WRITERS + 1);
  }

  @Test
  void anOwnershipGuardedWriteWhoseAnswerWasLostIsNotRepeated() throws Exception {
    TcpProxy proxy = proxy();
    ZkOwnershipGuard guard = ZkOwnershipGuard.create(clientVia(proxy));
    String r = newResource();
    String owner = direct.create().forPath("/baton-owner-" + r);

    Future<Object> write =
        writeLosingTheAnswer(
            pool(), proxy, () -> guard.write(owner, tx -> logEntry(tx, r, "once")), () -> {});

    assertThatThrownBy(() -> write.get(WAIT_S, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            WriteOutcomeUnknownException.class,
            e -> {
              assertThat(e.resource()).isEqualTo(owner);
              assertThat(e.token()).isEmpty();
            });
    assertThat(log(r)).containsExactly("once");
  }
}
