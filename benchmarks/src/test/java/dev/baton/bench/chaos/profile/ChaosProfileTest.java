// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosArgs;
import dev.baton.bench.chaos.ChaosCluster;
import dev.baton.bench.chaos.ChaosOptions;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.history.check.History;
import dev.baton.bench.history.check.HistoryChecker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long profile, kept short: a one-second budget stops a 1,000-trial run after its first trial
 * with the report of how many ran, a trial replays from its id with all its evidence, and a failing
 * trial (the unfenced negative control) keeps its evidence, its exported history faulted by the
 * independent checker too. Real ensemble, real client processes.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@Tag("chaos") // about a minute of real processes: the chaos profile (mvn -Pchaos verify)
class ChaosProfileTest {
  private static ChaosCluster cluster;

  @TempDir Path out;

  @BeforeAll
  static void startCluster() {
    cluster = ChaosCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aTinyBudgetStopsCleanlyAndATrialReplaysFromItsId() throws IOException {
    String results =
        run(
            "--trials=1000",
            "--budget-seconds=1",
            "--scenarios=pause",
            "--roles=election",
            "--fences=sql",
            "--seed=5");
    assertThat(results)
        .contains("RESULT chaos-profile-pause role=election fence=sql trials=1 failed=0")
        .containsPattern("RESULT chaos-profile-pause role=election .* db=h2 backend=zk\\R")
        .contains(
            "RESULT chaos-profile trials_run=1 trials_planned=1000 failed=0 out_of_time=true");
    String id = "00000-pause-election-sql-s5";
    Path passed = out.resolve("passed").resolve(id);
    assertThat(list(passed)).containsExactly(passed.resolve("history.json.gz"));
    assertThat(out.resolve("failed")).doesNotExist();
    assertThat(out.resolve("trials")).as("nothing left unfiled").doesNotExist();
    History h = History.read(passed.resolve("history.json.gz"));
    assertThat(h.meta()).containsEntry("trial", id).containsEntry("seed", 5L);
    assertThat(h.fenceLog()).isNotEmpty();
    assertThat(h.ops()).anyMatch(o -> o.f().equals("elected") && o.type().equals("ok"));
    assertThat(h.ops()).anyMatch(o -> o.f().equals("write") && o.type().equals("ok"));
    assertThat(HistoryChecker.check(h)).isEmpty();
    assertThat(Files.readString(out.resolve("table.md")))
        .contains("| pause | election | sql | 1 |");

    String replay = run("--replay=" + id);
    assertThat(replay).contains("RESULT chaos-profile-pause role=election fence=sql trials=1");
    Path again = out.resolve("replay").resolve(id);
    assertThat(again.resolve("trial.txt")).content().contains("seed: 5");
    assertThat(History.read(again.resolve("history.json")).meta()).containsEntry("seed", 5L);
    assertThat(again.resolve("clients").resolve("c1.out")).content().contains("CHAOS ");
    assertThat(again.resolve("servers").resolve("server-1.log")).exists();
  }

  @Test
  void aFailingTrialKeepsItsEvidenceAndBothCheckersFaultIt() throws IOException {
    ProfileTrials trials =
        new ProfileTrials(cluster, ChaosOptions.defaults(), Duration.ofSeconds(10), out);
    TrialSpec failing = null;
    for (int n = 0; n < 3 && failing == null; n++) {
      TrialSpec spec = new TrialSpec(n, "pause", Role.ELECTION, FenceKind.NONE, n);
      if (trials.run(spec)) {
        failing = spec;
      }
    }
    assertThat(failing).as("an unfenced trial that failed").isNotNull();
    Path dir = out.resolve("failed").resolve(failing.id());
    assertThat(dir.resolve("trial.txt"))
        .content()
        .contains("seed: " + failing.seed())
        .contains("replay: benchmarks/run chaos-profile --replay=" + failing.id())
        .contains("accepted after token");
    assertThat(dir.resolve("clients").resolve("c1.out")).content().contains("CHAOS WRITE");
    assertThat(dir.resolve("clients").resolve("c2.err")).exists();
    for (int i = 1; i <= 3; i++) {
      assertThat(dir.resolve("servers").resolve("server-" + i + ".log")).exists();
    }
    History h = History.read(dir.resolve("history.json"));
    assertThat(h.meta()).containsEntry("fence", "none").containsEntry("trial", failing.id());
    assertThat(HistoryChecker.check(h))
        .anySatisfy(v -> assertThat(v).contains("the store accepted token"));
  }

  private String run(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ChaosArgs.parse(new ChaosProfile(), List.of(args))
        .run(cluster, out, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }
}
