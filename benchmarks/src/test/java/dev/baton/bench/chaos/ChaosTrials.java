// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosOptions.Db;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * What the chaos test classes share: a real three-server ensemble with client processes for the
 * class's trials ({@link ChaosCluster}), the trials' options, and what a fenced trial must show.
 * The classes are apart so that the build's two test JVMs run them at once.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
abstract class ChaosTrials {
  /**
   * The trials' options: {@link ChaosOptions#defaults()} with a session of 2.5 s instead of 4 s, so
   * that a fault held past the session (scenarios 1, 2, 4, 6) costs less; the profile and {@code
   * benchmarks/run chaos} keep the defaults.
   */
  static final ChaosOptions OPTIONS =
      new ChaosOptions(
          2500, 100, 2, 4, FenceKind.SQL, Duration.ofSeconds(30), Db.configured(), Backend.ZK);

  /** The scenarios whose point is a stale write reaching the fence: rejected > 0. */
  static final Set<Integer> STALE_WRITE_SCENARIOS = Set.of(1, 8);

  static ChaosCluster cluster;
  private static final Map<ChaosOptions, ChaosSuite> suites = new LinkedHashMap<>();

  @BeforeAll
  static void startCluster() {
    cluster = ChaosCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    suites.forEach(
        (options, suite) -> {
          System.out.println(
              "fence="
                  + options.fence().name().toLowerCase(Locale.ROOT)
                  + " db="
                  + options.db().key()
                  + " backend="
                  + options.backend().key());
          System.out.print(suite.table());
        });
    suites.clear();
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The suite of {@code options}, which tabulates its trials at the end of the class. */
  static ChaosSuite suite(ChaosOptions options) {
    return suites.computeIfAbsent(options, o -> new ChaosSuite(cluster, o));
  }

  /**
   * A fenced trial of {@code s}: no violation, every fault observed, writes, the service writing
   * again within the bound after every heal, and, where a stale write is the point (1, 8), at least
   * one write rejected by the fence.
   */
  static void assertStaleWritesKeptOutAndRecovered(ChaosScenario s, TrialResult r) {
    assertThat(r.violations()).as("violations").isEmpty();
    assertThat(r.independentViolations()).as("independent violations").isEmpty();
    assertThat(r.faults()).as("faults observed").isPositive();
    assertThat(r.writes()).as("writes").isPositive();
    if (STALE_WRITE_SCENARIOS.contains(s.number())) {
      assertThat(r.rejected()).as("stale writes rejected by the fence").isPositive();
    }
    assertThat(r.recoverMs())
        .as("worst recovery")
        .isLessThanOrEqualTo(OPTIONS.recoveryBound().toMillis());
  }
}
