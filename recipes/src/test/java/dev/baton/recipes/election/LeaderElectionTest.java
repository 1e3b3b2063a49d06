// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.ZooKeeperFixtures;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Normal operation on one real ZooKeeper server: who leads, handover order, herd, resign, observe.
 */
class LeaderElectionTest {
  private static final Duration SESSION = Duration.ofSeconds(10);
  private static final Duration WITHIN = Duration.ofSeconds(15);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private Candidates candidates;

  @BeforeEach
  void newElection() {
    candidates = new Candidates(ZK.connectString(), SESSION);
  }

  @AfterEach
  void closeCandidates() {
    candidates.close();
    candidates.recorder.assertNoViolations();
  }

  @Test
  void exactlyOneOfTwentyCandidatesLeads() {
    for (int i = 0; i < 20; i++) {
      candidates.add();
    }
    TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
    await().atMost(WITHIN).until(() -> leader.election().participants().size() == 20);
    List<Participant> queue = leader.election().participants();
    assertThat(queue.get(0).participantId()).isEqualTo(leader.id());
    assertThat(queue.get(0).isLeader()).isTrue();
    assertThat(queue.stream().map(Participant::participantId).distinct()).hasSize(20);
    assertThat(candidates.recorder.electedEvents()).hasSize(1);
    assertThat(leader.election().leadership())
        .hasValueSatisfying(
            l -> {
              assertThat(l.isActive()).isTrue();
              assertThat(l.participantId()).isEqualTo(leader.id());
            });
  }

  @Test
  void gracefulCloseHandsOverInQueueOrderWithRisingTokens() {
    List<TestCandidate> joined = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      joined.add(candidates.join());
    }
    for (int i = 0; i < 5; i++) {
      TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
      assertThat(leader).isSameAs(joined.get(i));
      leader.close();
      assertThat(leader.revocations).containsExactly(RevocationReason.CLOSED);
    }
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(joined.get(5));
    List<Long> tokens =
        candidates.recorder.electedEvents().stream().map(e -> e.token().value()).toList();
    assertThat(tokens).hasSize(6).isSorted().doesNotHaveDuplicates();
    candidates.recorder.assertNoOverlaps();
  }

  @Test
  void aHandoverWakesExactlyOneCandidate() {
    for (int i = 0; i < 10; i++) {
      candidates.join();
    }
    for (int round = 0; round < 3; round++) {
      TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
      Map<TestCandidate, Double> before =
          candidates.live().stream()
              .filter(c -> c != leader)
              .collect(Collectors.toMap(c -> c, TestCandidate::watchEvents));
      leader.close();
      TestCandidate successor = candidates.awaitSingleLeader(WITHIN);
      await()
          .during(Duration.ofMillis(300))
          .atMost(WITHIN)
          .until(
              () ->
                  before.entrySet().stream()
                          .mapToDouble(e -> e.getKey().watchEvents() - e.getValue())
                          .sum()
                      == 1.0);
      assertThat(successor.watchEvents() - before.get(successor)).isEqualTo(1.0);
    }
  }

  @Test
  void observerReadsLeaderTokenAndQueue() {
    TestCandidate first = candidates.join();
    TestCandidate second = candidates.join();
    TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
    ElectionObserver observer = new ElectionObserver(second.session(), candidates.path);
    assertThat(observer.currentLeader())
        .hasValueSatisfying(
            info -> {
              assertThat(info.participantId()).isEqualTo(first.id());
              assertThat(info.token())
                  .isEqualTo(leader.election().leadership().orElseThrow().token());
            });
    assertThat(observer.participants())
        .extracting(Participant::participantId)
        .containsExactly(first.id(), second.id());
    ElectionObserver empty = new ElectionObserver(second.session(), "/baton-test/nobody-here");
    assertThat(empty.currentLeader()).isEmpty();
    assertThat(empty.participants()).isEmpty();
  }

  @Test
  void awaitLeadershipReturnsTheTermOrTimesOut() throws InterruptedException {
    TestCandidate first = candidates.join();
    TestCandidate second = candidates.join();
    assertThat(first.election().awaitLeadership(WITHIN)).isPresent();
    assertThat(second.election().awaitLeadership(Duration.ofMillis(200))).isEmpty();
    first.close();
    assertThat(second.election().awaitLeadership(WITHIN))
        .hasValueSatisfying(l -> assertThat(l.token()).isGreaterThan(first.terms.get(0).token()));
  }

  @Test
  void resignGoesToTheBackOfTheQueue() {
    TestCandidate a = candidates.join();
    TestCandidate b = candidates.join();
    TestCandidate c = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    a.election().resign();
    await().atMost(WITHIN).until(() -> b.election().isLeader());
    assertThat(a.revocations).containsExactly(RevocationReason.RESIGNED);
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(a.election().participants())
                    .extracting(Participant::participantId)
                    .containsExactly(b.id(), c.id(), a.id()));
    candidates.recorder.assertNoOverlaps();
  }

  @Test
  void aLoneCandidateThatResignsLeadsAgainWithAHigherToken() {
    TestCandidate a = candidates.join();
    Leadership first =
        a.election()
            .leadership()
            .orElseGet(
                () -> {
                  candidates.awaitSingleLeader(WITHIN);
                  return a.election().leadership().orElseThrow();
                });
    a.election().resign();
    await().atMost(WITHIN).until(() -> a.terms.size() == 2 && a.election().isLeader());
    assertThat(first.isRevoked()).isTrue();
    assertThat(first.revocationReason()).contains(RevocationReason.RESIGNED);
    assertThatThrownBy(first::checkActive)
        .isInstanceOf(LeadershipLostException.class)
        .hasMessageContaining(first.token().toString());
    assertThat(a.terms.get(1).token()).isGreaterThan(first.token());
  }

  @Test
  void closingTheSessionHandsOverWithoutWaitingForTheSessionTimeout() {
    Candidates slow = new Candidates(ZK.connectString(), Duration.ofSeconds(30));
    try (slow) {
      TestCandidate a = slow.join();
      TestCandidate b = slow.join();
      assertThat(slow.awaitSingleLeader(WITHIN)).isSameAs(a);
      long start = System.nanoTime();
      a.session().close();
      await().atMost(Duration.ofSeconds(5)).until(() -> b.election().isLeader());
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      assertThat(a.revocations).containsExactly(RevocationReason.CLOSED);
      assertThat(a.election().state()).isEqualTo(LeaderElection.State.CLOSED);
      slow.recorder.assertNoViolations();
    }
  }

  @Test
  void lifecycleIsStartOnceCloseIdempotent() {
    TestCandidate a = candidates.join();
    assertThatThrownBy(() -> a.election().start())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("STARTED");
    a.election().close();
    a.election().close();
    assertThat(a.election().state()).isEqualTo(LeaderElection.State.CLOSED);
    assertThatThrownBy(() -> a.election().resign()).isInstanceOf(IllegalStateException.class);
    assertThat(a.election().isLeader()).isFalse();
    assertThat(a.election().health().isHealthy()).isFalse();
  }

  @Test
  void foreignAndMalformedChildrenAreIgnoredWithAWarning() throws Exception {
    try (org.apache.curator.framework.CuratorFramework admin =
        ZooKeeperFixtures.newClient(ZK.connectString(), SESSION)) {
      admin.create().creatingParentsIfNeeded().forPath(candidates.path + "/latch-0000000000");
      admin.create().forPath(candidates.path + "/config", "x".getBytes(StandardCharsets.UTF_8));
      admin.create().forPath(candidates.path + "/_c_garbage-n_0000000001");
      TestCandidate a = candidates.join();
      TestCandidate b = candidates.join();
      assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
      assertThat(a.meter("baton.election.ignored.children")).isGreaterThanOrEqualTo(3.0);
      assertThat(a.election().participants())
          .extracting(Participant::participantId)
          .containsExactly(a.id(), b.id());
      a.close();
      assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(b);
    }
  }

  @Test
  void theElectionRecoversWhenItsPathIsWiped() throws Exception {
    TestCandidate a = candidates.join();
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership before = a.election().leadership().orElseThrow();
    try (org.apache.curator.framework.CuratorFramework admin =
        ZooKeeperFixtures.newClient(ZK.connectString(), SESSION)) {
      for (String child : admin.getChildren().forPath(candidates.path)) {
        admin.delete().forPath(candidates.path + "/" + child);
      }
      try {
        admin.delete().forPath(candidates.path);
      } catch (org.apache.zookeeper.KeeperException.NotEmptyException recreatedAlready) {
        // the candidates were quicker than the operator: fine
      }
    }
    assertThat(before.awaitRevocation(WITHIN)).isTrue();
    assertThat(before.revocationReason()).contains(RevocationReason.NODE_DELETED);
    TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
    assertThat(leader.election().leadership().orElseThrow().token()).isGreaterThan(before.token());
    await().atMost(WITHIN).until(() -> leader.election().participants().size() == 2);
    assertThat(b.election().health().isHealthy()).isTrue();
  }
}
