// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The long chaos runs, only with {@code -Pchaos} ({@code mvn -B verify -Pchaos -pl benchmarks
 * -am}): many trials of scenarios 1-8 for every recipe ({@code -Dbaton.chaos.trials}, default 5),
 * and the soak, scenario 9 ({@code -Dbaton.chaos.soak.minutes}, default 10, shared by the four
 * recipes), every scenario on the ZooKeeper fence and on PostgreSQL with the negative controls of
 * both fences. Each prints the table (scenario, role, trials, faults, writes, rejected, violations,
 * worst recovery) on stdout and fails on any violation.
 */
@Tag("chaos")
class ChaosSoakTest {
  static final ChaosOptions OPTIONS = ChaosOptions.defaults();

  @Test
  void manyTrialsOfEveryScenarioForEveryRecipe() {
    int trials = Integer.getInteger("baton.chaos.trials", 5);
    try (ChaosCluster cluster = ChaosCluster.start()) {
      ChaosSuite suite = new ChaosSuite(cluster, OPTIONS);
      for (ChaosScenario s : Scenarios.faults()) {
        for (Role role : Role.values()) {
          suite.run(s, role, trials);
        }
      }
      System.out.println("chaos, " + trials + " trials per scenario and role:");
      System.out.print(suite.table());
      suite.printResults(System.out);
      assertThat(suite.violations()).as("violations").isEmpty();
    }
  }

  /**
   * Every scenario for every recipe once on the ZooKeeper fence (H2) and once on PostgreSQL (SQL
   * fence), and the negative controls of both fences for every recipe ({@code none}; {@code
   * zk_none} for the recipes whose writes it covers).
   */
  @Test
  void everyScenarioOnTheZooKeeperFenceAndOnPostgres() {
    try (ChaosCluster cluster = ChaosCluster.start()) {
      ChaosSuite zk =
          new ChaosSuite(cluster, OPTIONS.withFence(FenceKind.ZK).withDb(ChaosOptions.Db.H2));
      ChaosSuite pg = new ChaosSuite(cluster, OPTIONS.withDb(ChaosOptions.Db.POSTGRES));
      for (ChaosScenario s : Scenarios.faults()) {
        for (Role role : Role.values()) {
          zk.run(s, role, 1);
          pg.run(s, role, 1);
        }
      }
      System.out.println("chaos, fence=zk db=h2:");
      System.out.print(zk.table());
      System.out.println("chaos, fence=sql db=postgres:");
      System.out.print(pg.table());
      assertThat(zk.violations()).as("violations, ZooKeeper fence").isEmpty();
      assertThat(pg.violations()).as("violations, PostgreSQL").isEmpty();
      for (Role role : Role.values()) {
        for (FenceKind off : List.of(FenceKind.NONE, FenceKind.ZK_NONE)) {
          if (off == FenceKind.ZK_NONE && role == Role.SCHEDULER) {
            continue; // the scheduler's writes are its job store's: SQL only
          }
          TrialResult r =
              ChaosSuite.trial(cluster, Scenarios.fault(8), role, OPTIONS.withFence(off));
          assertThat(r.violations()).as(role + " with fence " + off).isNotEmpty();
        }
      }
    }
  }

  @Test
  @Tag("soak")
  void randomScheduleOfAllFaultsForASetTime() {
    double minutes = Double.parseDouble(System.getProperty("baton.chaos.soak.minutes", "10"));
    Duration perRole = Duration.ofMillis((long) (minutes * 60_000 / Role.values().length));
    long seed = Long.getLong("baton.chaos.seed", System.nanoTime());
    System.out.println("chaos soak: " + perRole.toSeconds() + " s per recipe, seed " + seed);
    try (ChaosCluster cluster = ChaosCluster.start()) {
      ChaosSuite suite = new ChaosSuite(cluster, OPTIONS);
      for (Role role : Role.values()) {
        suite.run(Scenarios.soak(perRole, seed + role.ordinal()), role, 1);
      }
      System.out.print(suite.table());
      suite.printResults(System.out);
      assertThat(suite.violations()).as("violations").isEmpty();
    }
  }
}
