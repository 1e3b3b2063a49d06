// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which run feeds a table, and how a table is rendered from it. */
class ReportTest {
  /**
   * A run of {@code command} at {@code time} on 2026-12-02, with {@code lines}, as file {@code
   * name}.
   */
  private static ResultsFile run(String name, String command, String time, String lines) {
    return ResultsFile.parse(
        name,
        Fixtures.HEADERS.replace("benchmarks/run lock", command).replace("14:03:22", time)
            + lines
            + "\n");
  }

  @Test
  void theNewestRunWinsAndABaselineIsSkipped() {
    // 2026-12-03 is newer but a baseline; 2026-12-02T10:00Z beats 2026-12-01.
    assertThat(Fixtures.report().source(Fixtures.table("election-handover")))
        .map(ResultsFile::fileName)
        .contains("2026-12-02-election-handover-2222222.txt");
  }

  @Test
  void aTableComesFromTheNewestRunThatHasItsLines() {
    Table moves = Table.of("moves", "sim", "sim", "moves=moves");
    Table handoff = Table.of("handoff", "sim", "sim-handoff", "p50=p50_ms ms");
    Report report =
        new Report(
            List.of(
                run(
                    "old.txt",
                    "benchmarks/run sim",
                    "14:03:22",
                    "RESULT sim moves=3\nRESULT sim-handoff p50_ms=9"),
                run("new.txt", "benchmarks/run sim", "15:03:22", "RESULT sim-handoff p50_ms=8")));
    // The newer run printed only the handoff lines.
    assertThat(report.source(handoff)).map(ResultsFile::fileName).contains("new.txt");
    assertThat(report.source(moves)).map(ResultsFile::fileName).contains("old.txt");
  }

  @Test
  void theBlockIsTheTableThenTheRunsCommandCommitDateAndFile() {
    assertThat(Fixtures.report().block(Fixtures.table("election-handover"), "README.md"))
        .isEqualTo(
            "| candidates | Baton p50 | Curator p50 | floor p50 | Baton / Curator p50 | Baton /"
                + " floor p50 | Baton p99 | Curator p99 | floor p99 | requests per handover, Baton"
                + " / Curator / floor |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
                + "| 10 | 1.500 ms | 2.000 ms | 1.400 ms | 0.750 | 1.071 | 4.000 ms | 5.000 ms |"
                + " 3.000 ms | 3.00 / 4.00 / 3.00 |\n"
                + "| 100 | 1.600 ms | 2.100 ms | 1.450 ms | 0.762 | 1.103 | 4.500 ms | 5.500 ms |"
                + " 3.100 ms | 3.00 / 4.00 / – |\n"
                + "\n"
                + "`benchmarks/run election-handover --candidates=10,100` at 2222222-dirty,"
                + " 2026-12-02T10:00:00Z ([machine and raw lines]"
                + "(benchmarks/results/2026-12-02-election-handover-2222222.txt))\n");
  }

  @Test
  void aKeyTheRunDidNotPrintIsADash() {
    ResultsFile old =
        Fixtures.runs().stream()
            .filter(r -> r.fileName().equals("2026-12-01-election-handover-1111111.txt"))
            .findFirst()
            .orElseThrow();
    assertThat(Fixtures.table("election-handover").render(old))
        .endsWith(
            "| 10 | 7.238 ms | 6.607 ms | – | 1.095 | – | 32.653 ms | 25.362 ms | – |"
                + " 3.00 / 5.00 / – |\n");
  }

  @Test
  void aPrefixTableShowsTheNameWithoutItsPrefix() {
    assertThat(Fixtures.report().block(Fixtures.table("chaos"), "README.md"))
        .as("a key the run did not print (db, independent_violations) shows as missing")
        .contains("| pause | election | zk | – | 1 | 1 | 8 | 1 | 0 | – | 87 ms |\n")
        .contains("| delayed-write | election | – | – | – | – | – | – | – | – | – |\n");
  }

  @Test
  void aTableWithoutARecordedRunSaysSoInOneLine() {
    assertThat(Fixtures.report().block(Fixtures.table("fence-overhead"), "README.md"))
        .isEqualTo("No recorded run yet (record one with `benchmarks/record fence-overhead`).\n");
  }

  @Test
  void aNewTableIsASpecOfColumns() {
    Table spec =
        Table.of(
            "handover-p50",
            "election-handover",
            "election-handover",
            "candidates=candidates",
            "p50=baton_p50_ms ms");
    assertThat(Fixtures.report().block(spec, "README.md"))
        .startsWith(
            "| candidates | p50 |\n| --- | --- |\n| 10 | 1.500 ms |\n| 100 | 1.600 ms |\n\n");
  }

  @Test
  void twoRunsOfATableAtTheSameDateAreAnError() {
    List<ResultsFile> runs =
        List.of(
            ResultsFile.parse("a.txt", Fixtures.HEADERS + "RESULT lock contenders=1\n"),
            ResultsFile.parse("b.txt", Fixtures.HEADERS + "RESULT lock contenders=4\n"));
    assertThatThrownBy(() -> new Report(runs).block(Fixtures.table("lock"), "README.md"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("table 'lock': ")
        .hasMessageContaining("have the same date");
  }

  @Test
  void aTableComesOnlyFromRunsOfItsScenario() {
    List<ResultsFile> runs =
        List.of(
            run(
                "c.txt",
                "benchmarks/record chaos",
                "14:03:22",
                "RESULT chaos-pause role=lock trials=1"),
            run(
                "p.txt",
                "benchmarks/run chaos-profile --trials=1000",
                "15:03:22",
                "RESULT chaos-profile-pause role=lock trials=5"));
    // the profile's lines share the chaos table's prefix and are newer, but it is another scenario
    assertThat(new Report(runs).source(Fixtures.table("chaos")))
        .map(ResultsFile::fileName)
        .contains("c.txt");
    assertThat(runs.get(1).scenario()).isEqualTo("chaos-profile");
    assertThat(runs.get(0).scenario()).isEqualTo("chaos");
  }

  @Test
  void theChaosTableShowsTheZooKeeperRunsNotTheLeaseBackends() {
    ResultsFile zk =
        run("z.txt", "benchmarks/run chaos", "14:03:22", "RESULT chaos-pause role=lock trials=1");
    ResultsFile zkNow =
        run(
            "n.txt",
            "benchmarks/run chaos",
            "15:03:22",
            "RESULT chaos-pause backend=zk role=election trials=2");
    ResultsFile lease =
        run(
            "l.txt",
            "benchmarks/run chaos --backend=lease",
            "16:03:22",
            "RESULT chaos-pause backend=lease role=election trials=3");
    Table chaos = Fixtures.table("chaos");
    List<ResultsFile> before = List.of(zk, lease);
    // a run from before the backend key counts as ZooKeeper; the newer lease run is not shown
    assertThat(new Report(before).source(chaos)).map(ResultsFile::fileName).contains("z.txt");
    List<ResultsFile> after = List.of(zk, zkNow, lease);
    assertThat(new Report(after).source(chaos)).map(ResultsFile::fileName).contains("n.txt");
    assertThat(chaos.render(after.get(2))).doesNotContain("| pause");
  }

  @Test
  void theProfileHasATablePerDatabaseAndOldRunsCountAsH2() {
    List<ResultsFile> runs =
        List.of(
            run(
                "h.txt",
                "benchmarks/run chaos-profile",
                "14:03:22",
                "RESULT chaos-profile-pause role=lock fence=sql trials=5"),
            run(
                "p.txt",
                "benchmarks/run chaos-profile --db=postgres",
                "15:03:22",
                "RESULT chaos-profile-pause role=lock fence=sql trials=7 db=postgres"));
    Report report = new Report(runs);
    // the PostgreSQL run is newer, but the H2 table keeps the run without a db key (H2)
    assertThat(report.source(Fixtures.table("chaos-profile")))
        .map(ResultsFile::fileName)
        .contains("h.txt");
    assertThat(report.source(Fixtures.table("chaos-profile-postgres")))
        .map(ResultsFile::fileName)
        .contains("p.txt");
    assertThat(Fixtures.table("chaos-profile-postgres").render(runs.get(0)))
        .doesNotContain("| pause");
  }

  @Test
  void aLeaseProfileFeedsItsOwnTableAndNotZooKeepers() {
    List<ResultsFile> runs =
        List.of(
            run(
                "z.txt",
                "benchmarks/run chaos-profile",
                "14:03:22",
                "RESULT chaos-profile-pause role=lock fence=zk trials=5 db=h2 backend=zk"),
            run(
                "l.txt",
                "benchmarks/run chaos-profile --backend=lease",
                "15:03:22",
                "RESULT chaos-profile-pause role=election fence=sql trials=7 db=h2 backend=lease"));
    Report report = new Report(runs);
    // the lease run is newer, but the ZooKeeper table keeps the ZooKeeper run
    assertThat(report.source(Fixtures.table("chaos-profile")))
        .map(ResultsFile::fileName)
        .contains("z.txt");
    assertThat(report.source(Fixtures.table("chaos-profile-lease")))
        .map(ResultsFile::fileName)
        .contains("l.txt");
    assertThat(Fixtures.table("chaos-profile-lease").render(runs.get(0))).doesNotContain("| pause");
  }

  @Test
  void aSpeedTableShowsTheMedianOfTheNewestCommitsRunsOfOneCommand() {
    String older = "# commit: 1111111111111111111111111111111111111111\n";
    List<ResultsFile> runs =
        List.of(
            // listed out of date order: the report orders them
            run("c.txt", "benchmarks/run lock", "12:00:00", "RESULT lock contenders=1 ratio=1.343"),
            run("a.txt", "benchmarks/run lock", "10:00:00", "RESULT lock contenders=1 ratio=1.079"),
            run("b.txt", "benchmarks/run lock", "11:00:00", "RESULT lock contenders=1 ratio=0.961"),
            // another command, an older commit and a baseline of the same commit are left out
            run("d.txt", "benchmarks/run lock --slices=2", "09:00:00", "RESULT lock ratio=2.0"),
            ResultsFile.parse(
                "e.txt",
                Fixtures.HEADERS.replaceFirst("# commit: .*\n", older).replace("14:03", "07:00")
                    + "RESULT lock contenders=1 ratio=0.100\n"),
            ResultsFile.parse(
                "f.txt",
                Fixtures.HEADERS.replace("14:03", "08:00")
                    + "# baseline: before\nRESULT lock contenders=1 ratio=0.200\n"));
    assertThat(new Report(runs).block(Fixtures.table("lock"), "docs/benchmarks.md"))
        .as("the median run's 1.079, not the newest run's 1.343")
        .contains("| 1 | – | – | – | 1.079 |")
        .contains(
            "`benchmarks/run lock` at 0123456, each value the median of 3 runs,"
                + " 2026-12-02T10:00:00Z to 2026-12-02T12:00:00Z (machine and raw lines:"
                + " [run 1](../benchmarks/results/a.txt), [run 2](../benchmarks/results/b.txt),"
                + " [run 3](../benchmarks/results/c.txt))");
  }

  @Test
  void anEvenNumberOfRunsShowsTheMeanOfTheMiddleTwo() {
    assertThat(Medians.median(List.of("1.0", "1.343", "1.281", "0.9"))).isEqualTo("1.140");
    assertThat(Medians.median(List.of("1.0", "1.343", "1.283", "0.9"))).isEqualTo("1.142");
    assertThat(Medians.median(List.of("8", "9"))).isEqualTo("8");
    assertThat(Medians.median(List.of("postgresql", "postgresql"))).isEqualTo("postgresql");
    assertThat(Medians.median(List.of("postgresql", "h2"))).isNull();
  }

  @Test
  void twoRunsShowTheMeanOfTheirValues() {
    List<ResultsFile> runs =
        List.of(
            run("a.txt", "benchmarks/run lock", "10:00:00", "RESULT lock contenders=1 ratio=1.00"),
            run("b.txt", "benchmarks/run lock", "11:00:00", "RESULT lock contenders=1 ratio=1.10"));
    assertThat(new Report(runs).block(Fixtures.table("lock"), "README.md"))
        .contains("| 1 | – | – | – | 1.05 |")
        .contains("each value the median of 2 runs");
  }

  @Test
  void runsWhoseRowsDifferInTheirKeyAreAnError() {
    List<ResultsFile> runs =
        List.of(
            run("a.txt", "benchmarks/run lock", "10:00:00", "RESULT lock contenders=4 ratio=1.0"),
            run("b.txt", "benchmarks/run lock", "11:00:00", "RESULT lock contenders=1 ratio=1.1"));
    assertThatThrownBy(() -> new Report(runs).block(Fixtures.table("lock"), "README.md"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("table 'lock': a.txt and b.txt")
        .hasMessageContaining("contenders=4");
  }

  @Test
  void aShownValueThatIsNoNumberAndDiffersNamesItsRun() {
    List<ResultsFile> runs =
        List.of(
            run("a.txt", "benchmarks/run lock", "10:00:00", "RESULT lock contenders=1 ratio=x"),
            run("b.txt", "benchmarks/run lock", "11:00:00", "RESULT lock contenders=1 ratio=1.1"));
    assertThatThrownBy(() -> new Report(runs).block(Fixtures.table("lock"), "README.md"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("table 'lock': a.txt and b.txt")
        .hasMessageContaining("'ratio' is [x, 1.1]");
  }

  @Test
  void runsOfOneCommandWhoseLinesDoNotLineUpAreAnError() {
    List<ResultsFile> runs =
        List.of(
            run("a.txt", "benchmarks/run lock", "10:00:00", "RESULT lock contenders=1 ratio=1.0"),
            run(
                "b.txt",
                "benchmarks/run lock",
                "11:00:00",
                "RESULT lock contenders=1 ratio=1.0\nRESULT lock contenders=4 ratio=1.1"));
    assertThatThrownBy(() -> new Report(runs).block(Fixtures.table("lock"), "README.md"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("table 'lock': a.txt and b.txt")
        .hasMessageContaining("1 lines, not 2");
  }

  @Test
  void aSafetyTableShowsOneRunNotMedians() {
    List<ResultsFile> runs =
        List.of(
            run(
                "p1.txt",
                "benchmarks/run chaos",
                "10:00:00",
                "RESULT chaos-pause role=lock trials=1"),
            run(
                "p2.txt",
                "benchmarks/run chaos",
                "11:00:00",
                "RESULT chaos-pause role=lock trials=3"));
    assertThat(new Report(runs).block(Fixtures.table("chaos"), "README.md"))
        .contains("| pause | lock | – | – | 3 |")
        .contains("([machine and raw lines](benchmarks/results/p2.txt))");
  }

  @Test
  void theProjectsTablesHaveDistinctIds() {
    assertThat(Tables.ALL).extracting(Table::id).doesNotHaveDuplicates();
  }
}
