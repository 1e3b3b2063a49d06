// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs scenarios for roles, some trials each, on one cluster, and tabulates the results. */
public final class ChaosSuite {
  private final ChaosCluster cluster;
  private final ChaosOptions options;
  private final Map<String, TrialResult> results = new LinkedHashMap<>();
  private final Map<String, String> skipped = new LinkedHashMap<>();

  public ChaosSuite(ChaosCluster cluster, ChaosOptions options) {
    this.cluster = cluster;
    this.options = options;
  }

  /** One trial, recorded by default ({@link TrialRecording#defaultFor}). */
  public static TrialResult trial(
      ChaosCluster cluster, ChaosScenario scenario, Role role, ChaosOptions options) {
    return trial(
        cluster,
        scenario,
        role,
        options,
        TrialRecording.defaultFor(
            scenario.name(),
            role.key(),
            options.fence().key()
                + (options.backend() == Backend.ZK ? "" : "-" + options.backend().key())));
  }

  /** One trial: start, one episode of the fault, heal, stop, check, export, check again. */
  public static TrialResult trial(
      ChaosCluster cluster,
      ChaosScenario scenario,
      Role role,
      ChaosOptions options,
      TrialRecording recording) {
    long start = System.nanoTime();
    TrialRecorder recorder = new TrialRecorder(cluster, recording, start);
    TrialResult r;
    try (ChaosRun run = ChaosRun.start(cluster, role, options, scenario.name())) {
      scenario.inject(run);
      r = recorder.judge(run, run.finish(), scenario.name(), options);
    }
    System.err.printf(
        "chaos %s/%s: trial done in %d ms: %s history=%s%n",
        scenario.name(),
        role.key(),
        (System.nanoTime() - start) / 1_000_000,
        r.counts(),
        recording.dir().resolve(HistoryExport.FILE));
    r.violations().forEach(v -> System.err.println("chaos VIOLATION " + v));
    r.independentViolations().forEach(v -> System.err.println("chaos INDEPENDENT " + v));
    return r;
  }

  /** Runs {@code trials} trials, or records why the scenario does not apply. */
  public Optional<TrialResult> run(ChaosScenario scenario, Role role, int trials) {
    String key = key(scenario, role);
    Optional<String> na = scenario.notApplicable(role, options.fence(), options.backend());
    if (na.isPresent()) {
      skipped.put(key, na.get());
      return Optional.empty();
    }
    TrialResult sum = null;
    for (int i = 0; i < trials; i++) {
      TrialResult r = trial(cluster, scenario, role, options);
      sum = sum == null ? r : sum.plus(r);
    }
    if (sum != null) {
      results.merge(key, sum, TrialResult::plus);
    }
    return Optional.ofNullable(sum);
  }

  private static String key(ChaosScenario scenario, Role role) {
    return scenario.name() + "/" + role.key();
  }

  public List<TrialResult> results() {
    return List.copyOf(results.values());
  }

  public List<String> violations() {
    return results.values().stream().flatMap(r -> r.violations().stream()).toList();
  }

  public List<String> independentViolations() {
    return results.values().stream().flatMap(r -> r.independentViolations().stream()).toList();
  }

  /** A {@code RESULT chaos-<scenario>} line per scenario and recipe, or its {@code skipped=}. */
  public void printResults(PrintStream out) {
    String backend = options.backend().key();
    String fence = options.fence().key();
    for (TrialResult r : results.values()) {
      out.printf(
          "RESULT chaos-%s backend=%s role=%s fence=%s db=%s trials=%d %s%n",
          r.scenario(), backend, r.role().key(), fence, options.db().key(), r.trials(), r.counts());
    }
    skipped.forEach(
        (key, why) -> {
          String[] k = key.split("/");
          out.printf(
              "RESULT chaos-%s backend=%s role=%s skipped=%s%n",
              k[0], backend, k[1], why.replace(' ', '_'));
        });
  }

  /** The markdown table of the results. */
  public String table() {
    StringBuilder b =
        new StringBuilder(
            "| scenario         | role      | trials | faults |  writes | rejected | violations | worst recovery |\n"
                + "| ---------------- | --------- | -----: | -----: | ------: | -------: | ---------: |"
                + " -------------: |\n");
    for (TrialResult r : results.values()) {
      b.append(
          String.format(
              "| %-16s | %-9s | %6d | %6d | %7d | %8d | %10d | %11d ms |%n",
              r.scenario(),
              r.role().key(),
              r.trials(),
              r.faults(),
              r.writes(),
              r.rejected(),
              r.violations().size(),
              r.recoverMs()));
    }
    skipped.forEach(
        (key, why) -> {
          String[] k = key.split("/");
          b.append(String.format("| %-16s | %-9s | n/a: %s |%n", k[0], k[1], why));
        });
    return b.toString();
  }
}
