// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosOptions.Db;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bounded chaos run of the default build, on a real three-server ensemble with client
 * processes: a smoke trial of every scenario ({@link #cases}: 1-9 over the four recipes, both
 * fences, H2 and PostgreSQL, which must answer: a missing server fails the test). Each trial must
 * show what {@link ChaosTrials#assertStaleWritesKeptOutAndRecovered} asks. The negative controls
 * and the lease backend's case are {@link ChaosControlsTest}, run at the same time in the other
 * test JVM.
 *
 * <p>The {@code chaos} profile ({@code mvn -Pchaos verify}, or {@code
 * -Dbaton.test.excludedTags=none}) adds the long rounds: {@link #matrix} (scenarios 1-8 for the
 * election, 1, 2 and 8 for every recipe, a 10 s soak), {@link #leaseMatrix}, the long controls of
 * {@link ChaosControlsTest} and {@code ChaosSoakTest}. Every scenario for every recipe and fence:
 * {@code benchmarks/run chaos} and {@code benchmarks/run chaos-profile}.
 */
class ChaosTest extends ChaosTrials {
  /** The {@code chaos} profile's soak. */
  static final Duration SOAK = Duration.ofSeconds(10);

  /** The default build's soak: at least one scenario drawn at random. */
  static final Duration SMOKE_SOAK = Duration.ofSeconds(1);

  /** The scenarios run for every recipe; the election runs all of them. */
  static final Set<Integer> STALE_OWNER_SCENARIOS = Set.of(1, 2, 8);

  /**
   * The default build's smoke trials: every scenario once (9 the soak, shortened to {@link
   * #SMOKE_SOAK}), spread over the recipes, both fences and both databases, so that each of them
   * meets a fault.
   */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("1-pause", Role.SCHEDULER, FenceKind.SQL, Db.POSTGRES),
        Arguments.of("2-partition", Role.LOCK, FenceKind.SQL, Db.H2),
        Arguments.of("3-kill-server", Role.ELECTION, FenceKind.SQL, Db.H2),
        Arguments.of("4-lose-quorum", Role.ELECTION, FenceKind.SQL, Db.H2),
        Arguments.of("5-restart-ensemble", Role.ELECTION, FenceKind.SQL, Db.H2),
        Arguments.of("6-expiry-storm", Role.ELECTION, FenceKind.SQL, Db.H2),
        Arguments.of("7-flapping", Role.ELECTION, FenceKind.SQL, Db.H2),
        Arguments.of("8-delayed-write", Role.PARTITION, FenceKind.ZK, Db.H2),
        Arguments.of("8-delayed-write", Role.ELECTION, FenceKind.SQL, Db.POSTGRES),
        Arguments.of("9-soak", Role.ELECTION, FenceKind.SQL, Db.H2));
  }

  @ParameterizedTest(name = "scenario {0}, {1}, fence {2}, db {3}")
  @MethodSource("cases")
  void noStaleWriteGetsThroughAndTheServiceRecovers(
      String scenario, Role role, FenceKind fence, Db db) {
    trial(scenario, role, OPTIONS.withFence(fence).withDb(db), SMOKE_SOAK);
  }

  /**
   * The {@code chaos} profile's matrix on H2 with the SQL fence: scenarios 1-8 for the election,
   * those aimed at a stale owner (1, 2, 8) for the other recipes, and a short soak.
   */
  static Stream<Arguments> matrix() {
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
  @MethodSource("matrix")
  @Tag("chaos")
  void everyScenarioKeepsStaleWritesOutAndRecovers(String scenario, Role role) {
    trial(scenario, role, OPTIONS.withDb(Db.H2), SOAK);
  }

  /**
   * The {@code chaos} profile's lease cases: the scenarios that apply to the lease backend (1, 2,
   * 7, 8) for the election and the scheduler, and a short soak.
   */
  static Stream<Arguments> leaseMatrix() {
    List<Arguments> out = new ArrayList<>();
    for (ChaosScenario s : Scenarios.all(SOAK, 7)) {
      for (Role role : List.of(Role.ELECTION, Role.SCHEDULER)) {
        if (s.notApplicable(role, FenceKind.SQL, Backend.LEASE).isEmpty()
            && (s.number() != 9 || role == Role.ELECTION)) {
          out.add(Arguments.of(s.number() + "-" + s.name(), role));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "scenario {0}, {1}, lease backend")
  @MethodSource("leaseMatrix")
  @Tag("chaos")
  void onTheLeaseBackendEveryScenarioKeepsStaleWritesOutAndRecovers(String scenario, Role role) {
    trial(scenario, role, OPTIONS.withBackend(Backend.LEASE), SOAK);
  }

  private static void trial(String scenario, Role role, ChaosOptions options, Duration soak) {
    ChaosScenario s = Scenarios.byName(scenario.substring(0, scenario.indexOf('-')), soak, 7);
    Optional<TrialResult> result = suite(options).run(s, role, 1);
    assertThat(result).as("applies").isPresent();
    assertStaleWritesKeptOutAndRecovered(s, result.get());
  }
}
