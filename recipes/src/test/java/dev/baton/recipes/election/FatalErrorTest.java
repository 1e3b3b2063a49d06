// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ThreadDeaths;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Errors never die silently. The review found loops that caught only {@code Exception}: one {@code
 * Error} from user code stopped a candidate forever with no log line and a healthy-looking
 * health(). Now a non-fatal Error is logged, counted and survived; a {@link VirtualMachineError}
 * ends the term and marks the election failed in its health.
 */
class FatalErrorTest {
  private static final Duration WITHIN = Duration.ofSeconds(15);

  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  @Test
  void anAssertionErrorFromElectedIsCountedAndTheCandidateLeadsAgain() throws Exception {
    AtomicInteger elected = new AtomicInteger();
    try (BatonSession session =
            BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
        LeaderElection election =
            LeaderElection.create(
                session,
                ElectionConfig.builder("/fatal/assertion").build(),
                new LeadershipListener() {
                  @Override
                  public void elected(Leadership leadership) {
                    if (elected.incrementAndGet() == 1) {
                      throw new AssertionError("a broken invariant in the leader's code");
                    }
                  }

                  @Override
                  public void revoked(Leadership leadership, RevocationReason reason) {}
                })) {
      election.start();
      await().atMost(WITHIN).until(() -> elected.get() >= 2 && election.isLeader());
      ElectionHealth health = election.health();
      assertThat(health.callbackFailures()).isEqualTo(1);
      assertThat(health.failure()).isEmpty();
      assertThat(health.isHealthy()).isTrue();
    }
  }

  @Test
  void aStackOverflowErrorEndsTheTermAndMarksTheElectionFailed() throws Exception {
    AtomicReference<Leadership> term = new AtomicReference<>();
    try (ThreadDeaths deaths = ThreadDeaths.record();
        BatonSession session =
            BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
        LeaderElection election =
            LeaderElection.create(
                session,
                ElectionConfig.builder("/fatal/overflow").build(),
                new LeadershipListener() {
                  @Override
                  public void elected(Leadership leadership) {
                    term.set(leadership);
                    throw new StackOverflowError("simulated");
                  }

                  @Override
                  public void revoked(Leadership leadership, RevocationReason reason) {}
                })) {
      election.start();
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> election.health().failure().isPresent() && !deaths.deaths().isEmpty());
      assertThat(deaths.deaths())
          .singleElement()
          .satisfies(d -> assertThat(d.thread()).startsWith("baton-"))
          .satisfies(d -> assertThat(d.error()).hasMessage("simulated"));
      ElectionHealth health = election.health();
      assertThat(health.failure())
          .hasValueSatisfying(f -> assertThat(f).contains("StackOverflowError"));
      assertThat(health.isHealthy()).isFalse();
      assertThat(health.leader()).isFalse();
      assertThat(term.get().revocationReason()).contains(RevocationReason.FAILED);
      assertThat(election.isLeader()).isFalse();
    }
  }

  /**
   * The failed candidate leaves the queue: before, its znode stayed at the head (every later lead
   * refused for the failure), the successor's predecessor watch never fired, and the election had
   * no leader until the failed process closed (found in review; this test failed then).
   */
  @Test
  void aCandidateThatDiedOfAStackOverflowLetsTheNextOneLead() throws Exception {
    try (ThreadDeaths deaths = ThreadDeaths.record();
        BatonSession one = BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
        BatonSession two = BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
        LeaderElection failing =
            LeaderElection.create(
                one,
                ElectionConfig.builder("/fatal/next").participantId("failing").build(),
                TestListeners.overflowingOnElected());
        LeaderElection next =
            LeaderElection.create(
                two,
                ElectionConfig.builder("/fatal/next").participantId("next").build(),
                TestListeners.quiet())) {
      failing.start();
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> failing.health().failure().isPresent() && !deaths.deaths().isEmpty());
      next.start();
      await().dontCatchUncaughtExceptions().atMost(WITHIN).until(next::isLeader);
      assertThat(failing.participants())
          .extracting(Participant::participantId)
          .containsExactly("next");
      assertThat(failing.isLeader()).isFalse();
    }
  }
}
