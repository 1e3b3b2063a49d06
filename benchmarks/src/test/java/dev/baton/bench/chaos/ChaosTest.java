// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.PauseOwner;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bounded chaos run of the default build: one trial of each of scenarios 1-8 for the election,
 * of the scenarios aimed at a stale owner (1 paused, 2 cut off, 8 a delayed write) for the lock,
 * the scheduler and the partition member, and a short soak (scenario 9) for the election, on a real
 * three-server ensemble with client processes; no violation, and the service writing again within
 * the bound after every heal. The negative control shows that the checker reports what an unfenced
 * stale leader does. Every scenario for every recipe: {@code benchmarks/run chaos} and the {@code
 * chaos} profile's {@code ChaosSoakTest}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ChaosTest {
  static final ChaosOptions OPTIONS = ChaosOptions.defaults();
  static final Duration SOAK = Duration.ofSeconds(10);

  /** The scenarios run for every recipe; the election runs all of them. */
  static final Set<Integer> STALE_OWNER_SCENARIOS = Set.of(1, 2, 8);

  private static ChaosCluster cluster;
  private static ChaosSuite suite;

  @BeforeAll
  static void startCluster() {
    cluster = ChaosCluster.start();
    suite = new ChaosSuite(cluster, OPTIONS);
  }

  @AfterAll
  static void stopCluster() {
    if (suite != null) {
      System.out.print(suite.table());
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (ChaosScenario s : Scenarios.faults()) {
      for (Role role : Role.values()) {
        if (role == Role.ELECTION || STALE_OWNER_SCENARIOS.contains(s.number())) {
          out.add(Arguments.of(s.number() + "-" + s.name(), role));
        }
      }
    }
    out.add(Arguments.of("9-soak", Role.ELECTION));
    return out.stream();
  }

  @ParameterizedTest(name = "scenario {0}, {1}")
  @MethodSource("cases")
  void noStaleWriteGetsThroughAndTheServiceRecovers(String scenario, Role role) {
    ChaosScenario s = Scenarios.byName(scenario.substring(0, scenario.indexOf('-')), SOAK, 7);
    Optional<TrialResult> result = suite.run(s, role, 1);
    assertThat(result).as("applies").isPresent();
    TrialResult r = result.get();
    assertThat(r.violations()).as("violations").isEmpty();
    assertThat(r.faults()).as("faults").isPositive();
    assertThat(r.writes()).as("writes").isPositive();
    assertThat(r.recoverMs())
        .as("worst recovery")
        .isLessThanOrEqualTo(OPTIONS.recoveryBound().toMillis());
  }

  @Test
  void withoutFencingTheCheckerReportsTheStaleLeadersWrites() {
    ChaosOptions unfenced = OPTIONS.withFence(FenceKind.NONE);
    List<String> violations = new ArrayList<>();
    for (int trial = 0; trial < 3 && violations.isEmpty(); trial++) {
      violations.addAll(
          ChaosSuite.trial(cluster, new PauseOwner(), Role.ELECTION, unfenced).violations());
    }
    assertThat(violations)
        .as("violations found without a fence")
        .isNotEmpty()
        .anySatisfy(v -> assertThat(v).contains("accepted after token"));
  }
}
