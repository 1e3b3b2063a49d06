// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.RandomSchedule;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The long chaos runs, only with {@code -Pchaos} ({@code mvn -B verify -Pchaos -pl benchmarks
 * -am}): many trials of scenarios 1-8 for every recipe ({@code -Dbaton.chaos.trials}, default 5),
 * and the soak, scenario 9 ({@code -Dbaton.chaos.soak.minutes}, default 10, shared by the four
 * recipes). Each prints the table (scenario, role, trials, faults, writes, rejected, violations,
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
        suite.run(new RandomSchedule(perRole, seed + role.ordinal()), role, 1);
      }
      System.out.print(suite.table());
      suite.printResults(System.out);
      assertThat(suite.violations()).as("violations").isEmpty();
    }
  }
}
