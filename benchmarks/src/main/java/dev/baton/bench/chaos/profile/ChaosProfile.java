// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Scenario;
import dev.baton.bench.chaos.ChaosArgs;
import dev.baton.bench.chaos.ChaosCluster;
import dev.baton.bench.chaos.ChaosOptions;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmarks/run chaos-profile}: the long profile, with {@code --replay} and {@code
 * --resume}. See docs/testing.md, "The long profile".
 */
@Command(name = "chaos-profile")
public final class ChaosProfile implements Scenario {
  @Mixin private ChaosArgs common = new ChaosArgs();

  @Option(names = "--trials", description = "trials in all (default 1000)")
  private int trialCount = 1000;

  @Option(names = "--budget-minutes", description = "time budget (default 600)")
  private long budgetMinutes = 600;

  @Option(names = "--budget-seconds", description = "time budget, instead of --budget-minutes")
  private Long budgetSeconds;

  @Option(names = "--fences", split = ",", description = "default sql,zk; on the lease sql")
  private List<FenceKind> fences;

  @Option(names = "--out", description = "the run's directory")
  private Path out;

  @Option(names = "--replay", description = "runs the trial of this id again")
  private String replay;

  @Option(names = "--resume", arity = "0..1", description = "goes on where --out stopped")
  private boolean resume;

  @Override
  public String description() {
    return "the long chaos profile: --trials=1000 --budget-minutes=N over every scenario, recipe"
        + " and fence; --replay=<trial id>";
  }

  @Override
  public void run(List<String> args) {
    ChaosArgs.parse(this, args);
    if (resume && out == null) {
      throw new IllegalArgumentException("--resume needs --out=<the directory of the run>");
    }
    Path dir =
        out != null
            ? out
            : Path.of(
                "target/chaos-profile/"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    try (ChaosCluster cluster = ChaosCluster.start()) {
      int failed = run(cluster, dir, System.out);
      if (failed > 0) {
        throw new BenchmarkFailure(
            failed + " failed trials; their evidence is under " + dir.resolve("failed"));
      }
    }
  }

  /** Runs the profile (or the replay) into {@code out}; returns the failed trials. */
  int run(ChaosCluster cluster, Path out, PrintStream results) {
    Duration soak = common.soak();
    Backend backend = common.backend();
    boolean lease = backend == Backend.LEASE;
    ChaosOptions options = ChaosOptions.defaults().withDb(common.db()).withBackend(backend);
    ProfileTrials trials = new ProfileTrials(cluster, options, soak, out);
    if (replay != null) {
      TrialSpec spec = TrialSpec.parse(replay);
      trials.replay(spec);
      trials.table().print(results, options.db().key(), backend.key());
      return trials.table().failed();
    }
    List<FenceKind> fences =
        this.fences != null
            ? this.fences
            : lease ? List.of(FenceKind.SQL) : List.of(FenceKind.SQL, FenceKind.ZK);
    long budget = budgetSeconds != null ? budgetSeconds : budgetMinutes * 60;
    if (trialCount < 1 || budget < 0) {
      throw new IllegalArgumentException("need trials >= 1 and a budget >= 0");
    }
    List<Role> roles = common.roles();
    List<TrialSpec> plan =
        ProfilePlan.trials(
            ProfilePlan.cells(common.scenarios(0), roles, fences, backend),
            trialCount,
            common.seed());
    // a ZooKeeper plan reads as before the backend option, so that its older ledgers resume
    String planText =
        String.format(
            Locale.ROOT,
            "trials=%d seed=%d scenarios=%s roles=%s fences=%s db=%s soak-seconds=%d%s",
            trialCount,
            common.seed(),
            String.join(",", common.scenarioNames()),
            names(roles, Role::key),
            names(fences, FenceKind::key),
            options.db().key(),
            soak.toSeconds(),
            lease ? " backend=" + backend.key() : "");
    int resumed = 0;
    if (resume) {
      List<ProfileLedger.Entry> finished = new ArrayList<>();
      trials.recordIn(ProfileLedger.resume(out, planText, finished));
      Map<String, TrialSpec> byId = new LinkedHashMap<>();
      plan.forEach(t -> byId.put(t.id(), t));
      for (ProfileLedger.Entry e : finished) {
        TrialSpec t = byId.remove(e.id());
        if (t == null) {
          throw new IllegalArgumentException("the ledger's trial " + e.id() + " is not planned");
        }
        trials.table().add(t.cell(), e);
      }
      resumed = finished.size();
      plan = List.copyOf(byId.values());
      System.err.printf(Locale.ROOT, "chaos-profile: resuming after %d finished trials%n", resumed);
    } else {
      trials.recordIn(ProfileLedger.create(out, planText));
    }
    ProfileRunner.Outcome outcome =
        new ProfileRunner(System::nanoTime, Duration.ofSeconds(budget).toNanos())
            .run(plan, trials::run);
    trials.table().print(results, options.db().key(), backend.key());
    String summary =
        String.format(
            Locale.ROOT,
            "RESULT chaos-profile trials_run=%d trials_planned=%d failed=%d out_of_time=%s"
                + " seconds=%d database=%s backend=%s resumed=%d out=%s",
            resumed + outcome.ran(),
            resumed + outcome.planned(),
            trials.table().failed(),
            outcome.outOfTime(),
            outcome.elapsedNanos() / 1_000_000_000L,
            options.db().key(),
            backend.key(),
            resumed,
            out.getFileName()); // its name only: a full path would name the machine it ran on
    results.println(summary);
    trials.writeReport(summary);
    System.err.print(trials.table().markdown());
    return trials.table().failed();
  }

  private static <T> String names(List<T> values, Function<T, String> key) {
    return values.stream().map(key).collect(Collectors.joining(","));
  }
}
