// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZkOpCodes;
import dev.baton.testkit.ZooKeeperFixtures;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Session and connection faults on one real server: expiry (both kinds), cuts, blackholes. */
class SessionFailureTest {
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private Candidates candidates;
  private final List<TcpProxy> proxies = new ArrayList<>();
  private CuratorFramework direct;

  @BeforeEach
  void newElection() {
    candidates = new Candidates(ZK.connectString(), SESSION);
    direct = ZooKeeperFixtures.newClient(ZK.connectString(), Duration.ofSeconds(10));
  }

  @AfterEach
  void closeAll() {
    candidates.close();
    proxies.forEach(TcpProxy::close);
    direct.close();
    candidates.recorder.assertNoViolations();
  }

  private TcpProxy proxy() {
    TcpProxy p = TcpProxy.start("127.0.0.1", ZK.port());
    proxies.add(p);
    return p;
  }

  private TestCandidate viaProxy(TcpProxy p, UnaryOperator<ElectionConfig.Builder> tweak) {
    TestCandidate c = candidates.add(p.connectString(), tweak);
    await()
        .atMost(WITHIN)
        .until(
            () ->
                c.election().participants().stream()
                    .anyMatch(x -> x.participantId().equals(c.id())));
    return c;
  }

  private List<String> nodesOf(String participantId) throws Exception {
    List<String> mine = new ArrayList<>();
    for (String child : direct.getChildren().forPath(candidates.path)) {
      byte[] data = direct.getData().forPath(ZKPaths.makePath(candidates.path, child));
      if (participantId.equals(new String(data, StandardCharsets.UTF_8))) {
        mine.add(child);
      }
    }
    return mine;
  }

  @Test
  void afterAClientSideExpiryTheOldSessionsNodeIsNeverTakenAsOwn() throws Exception {
    TestCandidate a = candidates.join();
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership oldTerm = a.election().leadership().orElseThrow();
    long oldSession = a.session().sessionId();
    // Expires the session in the client only: the server usually holds a's node until its own
    // timeout. But Curator closes the expired handle, and when that close races the injection it
    // still
    // sends closeSession: the server then deletes a's node at once, and b can be elected a few
    // milliseconds before a's client has processed its expiry (seen on CI). a is no healthy
    // candidate
    // here, so only healthy ones may not overlap; a's own safety is the fence's job.
    candidates.recorder.markDisrupted(a.id());
    a.session()
        .curator()
        .getZookeeperClient()
        .getZooKeeper()
        .getTestable()
        .injectSessionExpiration();
    assertThat(oldTerm.awaitRevocation(WITHIN)).isTrue();
    TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
    assertThat(leader).isSameAs(b);
    assertThat(a.session().sessionId()).isNotEqualTo(oldSession);
    assertThat(a.terms).hasSize(1);
    await().atMost(WITHIN).untilAsserted(() -> assertThat(nodesOf(a.id())).hasSize(1));
    assertThat(b.terms.get(0).token()).isGreaterThan(oldTerm.token());
    candidates.recorder.assertNoOverlapsOnHealthySessions();
  }

  @Test
  void aRealServerSideExpiryRevokesAndTheSuccessorGetsAHigherToken() throws Exception {
    TestCandidate a = candidates.join();
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership oldTerm = a.election().leadership().orElseThrow();
    candidates.recorder.markDisrupted(a.id());
    SessionExpirer.expireOnServer(a.session().curator(), WITHIN);
    assertThat(oldTerm.awaitRevocation(WITHIN)).isTrue();
    assertThat(oldTerm.revocationReason().orElseThrow())
        .isIn(RevocationReason.SESSION_LOST, RevocationReason.CONNECTION_SUSPENDED);
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(b);
    assertThat(b.terms.get(0).token()).isGreaterThan(oldTerm.token());
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(a.election().participants())
                    .extracting(Participant::participantId)
                    .containsExactly(b.id(), a.id()));
    candidates.recorder.assertNoOverlapsOnHealthySessions();
  }

  @Test
  void aReconnectInsideTheSessionKeepsTheTokenWithoutReelection() throws Exception {
    TcpProxy p = proxy();
    TestCandidate a = viaProxy(p, b -> b);
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership term = a.election().leadership().orElseThrow();
    long session = a.session().sessionId();
    p.cut();
    assertThat(term.awaitRevocation(WITHIN)).isTrue();
    assertThat(term.revocationReason()).contains(RevocationReason.CONNECTION_SUSPENDED);
    assertThat(a.election().isLeader()).isFalse();
    p.heal();
    await().atMost(WITHIN).until(() -> a.election().isLeader());
    assertThat(a.election().leadership().orElseThrow().token()).isEqualTo(term.token());
    assertThat(a.session().sessionId()).isEqualTo(session);
    assertThat(b.terms).isEmpty();
    assertThat(candidates.recorder.electedEvents())
        .extracting(TermRecorder.Event::participant)
        .containsExactly(a.id(), a.id());
  }

  @Test
  void theSessionPolicyPausesAndResumesTheSameTerm() {
    TcpProxy p = proxy();
    TestCandidate a = viaProxy(p, b -> b.connectionPolicy(ConnectionPolicy.SESSION));
    candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership term = a.election().leadership().orElseThrow();
    p.cut();
    await().atMost(WITHIN).until(() -> !term.isActive());
    assertThat(term.isRevoked()).isFalse();
    assertThat(a.election().isLeader()).isFalse();
    p.heal();
    await().atMost(WITHIN).until(term::isActive);
    assertThat(a.election().leadership()).containsSame(term);
    assertThat(candidates.recorder.electedEvents()).hasSize(1);
  }

  @Test
  void aConnectionLostDuringTheCreateLeavesNoOrphanAndNoSecondCandidacy() throws Exception {
    TestCandidate first = candidates.join();
    TcpProxy p = proxy();
    CompletableFuture<Void> cut = p.cutAfterNextRequest(ZkOpCodes.CREATE2);
    TestCandidate a = candidates.add(p.connectString(), b -> b);
    cut.get(20, TimeUnit.SECONDS);
    await().atMost(WITHIN).untilAsserted(() -> assertThat(nodesOf(a.id())).hasSize(1));
    await()
        .during(Duration.ofMillis(500))
        .atMost(WITHIN)
        .untilAsserted(() -> assertThat(nodesOf(a.id())).hasSize(1));
    first.close();
    await().atMost(WITHIN).until(() -> a.election().isLeader());
    assertThat(a.election().participants())
        .extracting(Participant::participantId)
        .containsExactly(a.id());
  }

  @Test
  void aBlackholedLeaderStopsBeforeItsSuccessorStarts() {
    TcpProxy p = proxy();
    TestCandidate a = viaProxy(p, b -> b);
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership term = a.election().leadership().orElseThrow();
    long start = System.nanoTime();
    p.blackhole();
    await().atMost(WITHIN).until(term::isRevoked);
    Duration revokedAfter = Duration.ofNanos(System.nanoTime() - start);
    await().atMost(WITHIN).until(() -> b.election().isLeader());
    // The client gives up after its read timeout (2/3 of the session); the server waits the whole
    // session.
    assertThat(revokedAfter).isLessThan(SESSION);
    candidates.recorder.assertNoOverlaps();
    p.heal();
    candidates.awaitSingleLeader(WITHIN);
  }

  @Test
  void twoCandidatesFlappingTogetherDoNotLivelock() {
    TcpProxy pa = proxy();
    TcpProxy pb = proxy();
    TestCandidate a = viaProxy(pa, b -> b);
    TestCandidate b = viaProxy(pb, x -> x);
    candidates.awaitSingleLeader(WITHIN);
    for (int i = 0; i < 5; i++) {
      pa.cut();
      pb.cut();
      await().atMost(WITHIN).until(() -> !a.election().isLeader() && !b.election().isLeader());
      pa.heal();
      pb.heal();
      candidates.awaitSingleLeader(WITHIN);
      await()
          .during(Duration.ofMillis(300))
          .atMost(WITHIN)
          .until(() -> candidates.leaders().size() == 1);
    }
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(a.election().participants())
                    .extracting(Participant::participantId)
                    .containsExactlyInAnyOrder(a.id(), b.id()));
    candidates.recorder.assertNoOverlaps();
  }

  @Test
  void candidatesClosingMidCreateNeverDisturbTheLeader() {
    TestCandidate leader = candidates.join();
    candidates.awaitSingleLeader(WITHIN);
    for (int i = 0; i < 15; i++) {
      TestCandidate transient_ = candidates.add();
      transient_.close();
    }
    await().during(Duration.ofMillis(500)).atMost(WITHIN).until(() -> leader.election().isLeader());
    assertThat(leader.revocations).isEmpty();
    assertThat(leader.election().participants())
        .extracting(Participant::participantId)
        .containsExactly(leader.id());
  }
}
