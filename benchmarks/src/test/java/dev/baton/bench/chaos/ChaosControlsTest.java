// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.Scenarios;
import dev.baton.bench.chaos.scenario.ServerFaults;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The negative controls of the chaos harness on a real ensemble with client processes, in the
 * default build beside {@link ChaosTest}'s smoke trials: one per rule of the checker ({@link
 * #unfenced}), one of the fault checks (a kill that misses), and the lease backend's two cases (a
 * pause, link cuts). The {@code chaos} profile adds the lease backend's and the lock's negative
 * controls and a restart right after a partition.
 */
class ChaosControlsTest extends ChaosTrials {
  private static final ChaosScenario PAUSE = Scenarios.fault(1);

  /**
   * The lease backend's default case ({@code --backend=lease}: a lease row in the trial's database
   * instead of ZooKeeper): the paused holder's held write, sent after its successor's, reaches the
   * SQL fence with the lease's small token and is rejected, and both checkers find nothing.
   */
  @Test
  void onTheLeaseBackendThePausedHoldersStaleWriteIsRejected() {
    TrialResult r =
        ChaosSuite.trial(cluster, PAUSE, Role.ELECTION, OPTIONS.withBackend(Backend.LEASE));
    assertStaleWritesKeptOutAndRecovered(PAUSE, r);
  }

  /**
   * The lease backend's link cuts (7, flapping): each cut holder must report its renewal failing
   * within the cut and its lease loop reaching the database again after the heal. Its lease pool
   * needs a connection timeout below the renewal's (with a 5 s one the term ran out in the pool and
   * no cut was observed) and must evict the connections a cut broke (without, a follower polling
   * every 250 ms got the dead H2 connection back for a minute and more): docs/backends.md.
   */
  @Test
  void onTheLeaseBackendACutHolderReportsItAndAnotherTermFollows() {
    ChaosScenario flapping = Scenarios.fault(7);
    TrialResult r =
        ChaosSuite.trial(cluster, flapping, Role.ELECTION, OPTIONS.withBackend(Backend.LEASE));
    assertStaleWritesKeptOutAndRecovered(flapping, r);
  }

  /** The lease backend's negative control: without the fence the held stale write gets through. */
  @Test
  @Tag("chaos")
  void onTheLeaseBackendWithoutFencingTheCheckerReportsTheStaleHoldersWrite() {
    TrialResult r =
        ChaosSuite.trial(
            cluster,
            PAUSE,
            Role.ELECTION,
            OPTIONS.withFence(FenceKind.NONE).withBackend(Backend.LEASE));
    assertThat(r.faults()).as("faults observed").isPositive();
    assertThat(r.violations())
        .as("violations found without a fence")
        .anySatisfy(v -> assertThat(v).contains("accepted after token"));
  }

  /**
   * The negative control of the fault checks: a kill aimed at a server the owner is not connected
   * to (nor the quorum's leader, whose death would drop every client) has no effect on the owner,
   * and the trial must say so instead of counting it.
   */
  @Test
  void aKillThatMissesTheOwnersServerIsReportedAsNotObserved() {
    ChaosScenario missed =
        new ChaosScenario(
            3,
            "kill-other-server",
            "kill -9 of a follower the owner is not connected to",
            true,
            run -> {
              ChaosClient victim = run.owner();
              int own = victim.connectedServer();
              int leader = run.cluster().ensemble().leaderIndex();
              int other = -1;
              for (int i = 0; i < run.cluster().ensemble().size(); i++) {
                if (i != own && i != leader) {
                  other = i;
                }
              }
              assertThat(own).as("the owner's server").isNotNegative();
              ServerFaults.killAndObserve(run, victim, other);
              run.cluster().restore();
            });
    TrialResult r = ChaosSuite.trial(cluster, missed, Role.ELECTION, OPTIONS);
    assertThat(r.faults()).as("faults counted").isZero();
    assertThat(r.violations())
        .as("violations")
        .anySatisfy(v -> assertThat(v).contains("fault not observed"));
  }

  /**
   * A restart of the ensemble right after a partition healed, as a soak may draw them (profile
   * trial {@code 00928-soak-election-sql-s929}): the client cut off is still reconnecting when the
   * servers die, so it has no connection to lose. The restart must wait for it (or leave it out),
   * not report its own fault as not observed.
   */
  @Test
  @Tag("chaos")
  void aRestartRightAfterAPartitionHealedIsObserved() {
    ChaosScenario both =
        new ChaosScenario(
            9,
            "partition-then-restart",
            "the owner partitioned until a successor writes, healed, then every server restarted",
            true,
            run -> {
              Scenarios.fault(2).inject(run);
              Scenarios.fault(5).inject(run);
            });
    TrialResult r = ChaosSuite.trial(cluster, both, Role.ELECTION, OPTIONS);
    assertThat(r.violations()).as("violations").isEmpty();
    assertThat(r.faults()).as("faults observed").isEqualTo(2);
  }

  /**
   * One negative control per rule of the checker: a stale token accepted (election; the lock's, the
   * same rule, runs in the {@code chaos} profile), a job run twice (scheduler), a partition written
   * by two owners (partition), and the ZooKeeper fence without its check.
   */
  static Stream<Arguments> unfenced() {
    return Stream.of(
        Arguments.of(Role.ELECTION, FenceKind.NONE),
        Arguments.of(Role.SCHEDULER, FenceKind.NONE),
        Arguments.of(Role.PARTITION, FenceKind.NONE),
        Arguments.of(Role.ELECTION, FenceKind.ZK_NONE));
  }

  @Test
  @Tag("chaos")
  void withoutFencingTheCheckerReportsTheStaleLockHoldersWrite() {
    withoutFencingTheCheckerReportsTheStaleOwnersWrite(Role.LOCK, FenceKind.NONE);
  }

  /**
   * The negative controls: the paused owner's held write, sent after its successor wrote, gets
   * through without the fence's check, and the checker must report it.
   */
  @ParameterizedTest(name = "{0} with fence {1}")
  @MethodSource("unfenced")
  void withoutFencingTheCheckerReportsTheStaleOwnersWrite(Role role, FenceKind fence) {
    TrialResult r = ChaosSuite.trial(cluster, PAUSE, role, OPTIONS.withFence(fence));
    assertThat(r.faults()).as("faults observed").isPositive();
    assertThat(r.violations())
        .as("violations found without a fence")
        .isNotEmpty()
        .anySatisfy(
            v ->
                assertThat(v)
                    .containsAnyOf("accepted after token", "(a job twice)", "accepted from both"));
  }
}
