// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZooKeeperFixtures;
import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Closing a leader's election and session while the ensemble is out returns within the session's
 * {@code closeTimeout} (plus a margin for a loaded machine), and nothing is lost: the leader's
 * znode goes with its session, so a follower on a session of its own takes over once the server is
 * back and that session expired, with a higher token.
 */
class CloseDuringOutageTest {
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration MARGIN = Duration.ofMillis(1500);
  private static final Duration LEADER_SESSION = Duration.ofSeconds(4);

  @RegisterExtension final Closer closer = new Closer();

  @Test
  void aStoppedServerDoesNotHoldUpTheClose() throws Exception {
    File dataDir = Files.createTempDirectory("baton-zk-outage").toFile();
    TestingServer server = closer.add(ZooKeeperFixtures.startServer(dataDir));
    int port = server.getPort();
    String connect = server.getConnectString();
    BatonSession leaderSession = closer.add(session(connect));
    LeaderElection leader = candidate(leaderSession, "leader");
    Queued queued = followerBehind(leader, connect);

    server.close(); // the data directory survives
    await().until(() -> !leaderSession.isConnected());
    Duration took = timeToClose(leader, leaderSession);

    assertThat(took).isLessThan(CLOSE_TIMEOUT.plus(MARGIN));
    closer.add(ZooKeeperFixtures.restartServer(dataDir, port));
    queued.theFollowerTakesOver();
  }

  @Test
  void aServerThatAnswersNothingDoesNotHoldUpTheClose() throws Exception {
    TestingServer server = closer.add(ZooKeeperFixtures.startServer());
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", server.getPort()));
    BatonSession leaderSession = closer.add(session(proxy.connectString()));
    LeaderElection leader = candidate(leaderSession, "leader");
    Queued queued = followerBehind(leader, server.getConnectString());

    proxy.blackhole(); // the leader's client still believes it is connected
    assertThat(leaderSession.isConnected()).isTrue();
    Duration took = timeToClose(leader, leaderSession);

    // The election waits for its delete up to the close timeout; the session, told that the
    // ensemble did not answer, does not wait again.
    assertThat(took).isLessThan(CLOSE_TIMEOUT.plus(MARGIN));
    queued.theFollowerTakesOver();
  }

  /**
   * A double fault: the leader's {@code revoked} outlasts the callback drain timeout while the
   * ensemble answers nothing. The close still returns within the longer of the close timeout and
   * the drain timeout: the delete that follows gets what is left of that bound, not a close timeout
   * of its own.
   */
  @Test
  void aSlowRevokedDuringAnOutageKeepsTheCloseWithinItsBound() throws Exception {
    Duration drain = CLOSE_TIMEOUT;
    TestingServer server = closer.add(ZooKeeperFixtures.startServer());
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", server.getPort()));
    // A session long enough that its client does not notice the silence during the close.
    BatonSession leaderSession = closer.add(session(proxy.connectString(), Duration.ofSeconds(12)));
    CountDownLatch inRevoked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    closer.add(release::countDown);
    LeaderElection leader =
        candidate(
            leaderSession,
            "leader",
            b -> b.callbackDrainTimeout(drain),
            TestListeners.blockingRevoked(inRevoked, release, Duration.ofSeconds(60)));
    Queued queued = followerBehind(leader, server.getConnectString());

    proxy.blackhole(); // the leader's client still believes it is connected
    long start = System.nanoTime();
    leader.close();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(inRevoked.getCount()).isZero();
    // Before the bound was shared, the delete waited a close timeout of its own after the drain.
    assertThat(took).isLessThan(max(CLOSE_TIMEOUT, drain).plus(MARGIN));
    release.countDown();
    leaderSession.close();
    queued.theFollowerTakesOver();
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static Duration timeToClose(LeaderElection election, BatonSession session) {
    long start = System.nanoTime();
    election.close();
    session.close();
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Once {@code leader} leads, a follower on a session of its own (at {@code connect}) queues. */
  private Queued followerBehind(LeaderElection leader, String connect) throws InterruptedException {
    FencingToken first = leader.awaitLeadership(Duration.ofSeconds(10)).orElseThrow().token();
    BatonSession followerSession = closer.add(session(connect));
    LeaderElection follower = closer.add(candidate(followerSession, "follower"));
    await().until(() -> follower.participants().size() == 2);
    return new Queued(
        follower, followerSession, leader.leadership().orElseThrow().nodePath(), first);
  }

  /** A follower queued behind the leader of {@code first}, whose znode is {@code leaderNode}. */
  private record Queued(
      LeaderElection follower,
      BatonSession followerSession,
      String leaderNode,
      FencingToken first) {

    /**
     * The follower leads once the leader's session expired on the server; its znode went with it.
     */
    void theFollowerTakesOver() throws Exception {
      Leadership next =
          follower
              .awaitLeadership(Duration.ofSeconds(35))
              .orElseThrow(() -> new AssertionError("the follower never took over"));
      assertThat(next.token()).isGreaterThan(first);
      assertThat(followerSession.curator().checkExists().forPath(leaderNode)).isNull();
      assertThat(follower.participants())
          .extracting(Participant::participantId)
          .containsExactly("follower");
    }
  }

  private static BatonSession session(String connect) {
    return session(connect, LEADER_SESSION);
  }

  private static BatonSession session(String connect, Duration sessionTimeout) {
    return BatonSession.start(
        SessionConfig.builder(connect)
            .sessionTimeout(sessionTimeout)
            .connectionTimeout(Duration.ofSeconds(5))
            .closeTimeout(CLOSE_TIMEOUT)
            .build());
  }

  private static LeaderElection candidate(BatonSession session, String id) {
    return candidate(session, id, b -> b, TestListeners.quiet());
  }

  private static LeaderElection candidate(
      BatonSession session,
      String id,
      UnaryOperator<ElectionConfig.Builder> config,
      LeadershipListener listener) {
    LeaderElection e =
        LeaderElection.create(
            session,
            config.apply(ElectionConfig.builder("/outage/leader").participantId(id)).build(),
            listener);
    e.start();
    return e;
  }
}
