// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Scenario;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmarks/run chaos}: the bounded chaos run, a RESULT line per scenario and recipe. Fails
 * on a violation or, with {@code --fence=none} (the negative control), on none. See
 * docs/testing.md.
 */
@Command(name = "chaos")
public final class ChaosBenchmark implements Scenario {
  @Mixin private ChaosArgs common = new ChaosArgs();

  @Option(names = "--fence", description = "sql (default), zk, none or zk_none")
  private FenceKind fence = FenceKind.SQL;

  @Option(names = "--trials", description = "trials per scenario and recipe (default 1)")
  private int trials = 1;

  @Option(names = "--session-ms")
  private int sessionMs = ChaosOptions.defaults().sessionMs();

  @Option(names = "--write-interval-ms")
  private int writeIntervalMs = ChaosOptions.defaults().writeIntervalMs();

  @Option(names = "--clients")
  private int clients = ChaosOptions.defaults().clients();

  @Option(names = "--partitions")
  private int partitions = ChaosOptions.defaults().partitions();

  @Option(names = "--recovery-bound-ms")
  private long recoveryBoundMs = ChaosOptions.defaults().recoveryBound().toMillis();

  @Override
  public String description() {
    return "fault injection on real processes, scenarios 1-9 x 4 recipes, safety checker (~8 min);"
        + " --backend=lease: on a lease row instead of ZooKeeper";
  }

  @Override
  public void run(List<String> args) throws Exception {
    ChaosArgs.parse(this, args);
    Backend backend = common.backend();
    if (!backend.supports(fence)) {
      throw new IllegalArgumentException(
          "--backend=lease runs no ZooKeeper: --fence must be sql or none");
    }
    if (trials < 1 || clients < 2 || partitions < 1 || sessionMs < 2000) {
      throw new IllegalArgumentException(
          "need trials >= 1, clients >= 2, partitions >= 1, session-ms >= 2000");
    }
    ChaosOptions options =
        new ChaosOptions(
            sessionMs,
            writeIntervalMs,
            clients,
            partitions,
            fence,
            Duration.ofMillis(recoveryBoundMs),
            common.db(),
            backend);
    try (ChaosCluster cluster = ChaosCluster.start()) {
      ChaosSuite suite = new ChaosSuite(cluster, options);
      for (ChaosScenario scenario : common.scenarios(common.seed())) {
        for (Role role : common.roles()) {
          suite.run(scenario, role, scenario.number() == 9 ? 1 : trials);
        }
      }
      suite.printResults(System.out);
      System.err.print(suite.table());
      System.err.println("chaos: histories under " + TrialRecording.defaultRoot().toAbsolutePath());
      Optional<String> failure = verdict(fence, suite.violations(), suite.independentViolations());
      if (failure.isPresent()) {
        throw new BenchmarkFailure(failure.get());
      }
    }
  }

  /**
   * Why the run fails, if it does: with a fence any violation; with {@code --fence=none} finding
   * none, so a fault or a checker that stopped working cannot pass.
   */
  static Optional<String> verdict(
      FenceKind fence, List<String> violations, List<String> independent) {
    Optional<String> first = verdict(fence, violations);
    if (first.isPresent()) {
      return first;
    }
    if (fence.unfenced() && independent.isEmpty()) {
      return Optional.of(
          "negative control failed: with --fence=none the independent checker found no violation"
              + " in the exported histories");
    }
    return Optional.empty();
  }

  /** The harness checker's part of {@link #verdict(FenceKind, List, List)}. */
  static Optional<String> verdict(FenceKind fence, List<String> violations) {
    if (fence.unfenced()) {
      return violations.isEmpty()
          ? Optional.of("negative control failed: with --fence=none the checker found no violation")
          : Optional.empty();
    }
    return violations.isEmpty()
        ? Optional.empty()
        : Optional.of(violations.size() + " violations, first: " + violations.get(0));
  }
}
