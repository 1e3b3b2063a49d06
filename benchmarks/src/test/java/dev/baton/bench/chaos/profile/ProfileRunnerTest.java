// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The profile's plan, ids and time budget, with a fake clock and fake trials. */
class ProfileRunnerTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void thePlanCoversEveryApplicableCellRoundRobinWithOneSeedPerTrial() {
    List<ProfilePlan.Cell> cells =
        ProfilePlan.cells(
            Scenarios.all(Duration.ofSeconds(20), 0),
            List.of(Role.values()),
            List.of(FenceKind.SQL, FenceKind.ZK),
            Backend.ZK);
    assertThat(cells).hasSizeGreaterThan(30);
    assertThat(cells)
        .allMatch(c -> c.scenario().notApplicable(c.role(), c.fence(), Backend.ZK).isEmpty());
    assertThat(cells.stream().map(c -> c.scenario().name()).distinct()).hasSize(9);
    List<TrialSpec> plan = ProfilePlan.trials(cells, 1000, 100);
    assertThat(plan).hasSize(1000);
    assertThat(plan.get(0).seed()).isEqualTo(100);
    assertThat(plan.get(999).seed()).isEqualTo(1099);
    assertThat(plan.subList(0, cells.size()).stream().map(TrialSpec::cell).distinct())
        .hasSize(cells.size());
    assertThat(plan.get(cells.size()).cell()).isEqualTo(plan.get(0).cell());
  }

  @Test
  void onTheLeaseBackendThePlanLeavesOutZooKeeperFaultsAndRecipes() {
    List<ProfilePlan.Cell> cells =
        ProfilePlan.cells(
            Scenarios.all(Duration.ofSeconds(20), 0),
            List.of(Role.values()),
            List.of(FenceKind.SQL, FenceKind.ZK, FenceKind.NONE),
            Backend.LEASE);
    assertThat(cells.stream().map(c -> c.scenario().number()).distinct())
        .containsExactlyInAnyOrder(1, 2, 7, 8, 9);
    assertThat(cells.stream().map(ProfilePlan.Cell::role).distinct())
        .containsExactlyInAnyOrder(Role.ELECTION, Role.SCHEDULER);
    assertThat(cells.stream().map(ProfilePlan.Cell::fence).distinct())
        .containsExactlyInAnyOrder(FenceKind.SQL, FenceKind.NONE);
    assertThat(
            Scenarios.byName("kill-server", Duration.ZERO, 0)
                .notApplicable(Role.ELECTION, FenceKind.SQL, Backend.LEASE))
        .hasValueSatisfying(why -> assertThat(why).contains("ZooKeeper"));
  }

  @Test
  void aTrialIdNamesEverythingNeededToRunItAgain() {
    TrialSpec spec = new TrialSpec(42, "lose-quorum", Role.LOCK, FenceKind.ZK, 43);
    assertThat(spec.id()).isEqualTo("00042-lose-quorum-lock-zk-s43");
    assertThat(TrialSpec.parse(spec.id())).isEqualTo(spec);
    assertThat(TrialSpec.parse("7-soak-partition-sql-s3"))
        .isEqualTo(new TrialSpec(7, "soak", Role.PARTITION, FenceKind.SQL, 3));
    for (String bad : List.of("", "pause-election-sql", "1-election-sql-s2", "1-x-boss-sql-s2")) {
      assertThatThrownBy(() -> TrialSpec.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("<n>-<scenario>-<role>-<fence>-s<seed>");
    }
  }

  @Test
  void theBudgetStopsTheRunCleanlyBetweenTrials() {
    AtomicLong now = new AtomicLong();
    List<String> ran = new ArrayList<>();
    List<TrialSpec> plan = plan(1000);
    ProfileRunner.Outcome o =
        new ProfileRunner(now::get, 95 * SECOND)
            .run(
                plan,
                spec -> {
                  ran.add(spec.id());
                  return now.addAndGet(10 * SECOND); // every trial takes 10 s
                });
    // 9 trials end at 90 s; a 10th would end at 100 s, beyond the budget: not started
    assertThat(o).isEqualTo(new ProfileRunner.Outcome(9, 1000, true, 90 * SECOND));
    assertThat(ran)
        .containsExactlyElementsOf(plan.subList(0, 9).stream().map(TrialSpec::id).toList());
  }

  @Test
  void aLongerScenarioIsEstimatedByItsOwnTrials() {
    AtomicLong now = new AtomicLong();
    List<TrialSpec> plan =
        List.of(
            new TrialSpec(0, "soak", Role.ELECTION, FenceKind.SQL, 0),
            new TrialSpec(1, "pause", Role.ELECTION, FenceKind.SQL, 1),
            new TrialSpec(2, "soak", Role.ELECTION, FenceKind.SQL, 2),
            new TrialSpec(3, "pause", Role.ELECTION, FenceKind.SQL, 3));
    ProfileRunner.Outcome o =
        new ProfileRunner(now::get, 70 * SECOND)
            .run(plan, spec -> now.addAndGet((spec.scenario().equals("soak") ? 30 : 5) * SECOND));
    // soak 30 s, pause (estimated 30 s, by all trials so far) 5 s, soak 30 s: 65 s; the last pause
    // is estimated by the pauses alone (5 s, not the mean of 21.7 s) and fits in the 70 s
    assertThat(o).isEqualTo(new ProfileRunner.Outcome(4, 4, false, 70 * SECOND));
  }

  @Test
  void aZeroBudgetRunsNothingAndAnAmpleOneRunsEverything() {
    AtomicLong now = new AtomicLong();
    assertThat(new ProfileRunner(now::get, 0).run(plan(5), s -> now.addAndGet(SECOND)))
        .isEqualTo(new ProfileRunner.Outcome(0, 5, true, 0));
    assertThat(new ProfileRunner(now::get, 100 * SECOND).run(plan(5), s -> now.addAndGet(SECOND)))
        .isEqualTo(new ProfileRunner.Outcome(5, 5, false, 5 * SECOND));
  }

  private static List<TrialSpec> plan(int n) {
    List<TrialSpec> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new TrialSpec(i, "pause", Role.ELECTION, FenceKind.SQL, i));
    }
    return out;
  }
}
