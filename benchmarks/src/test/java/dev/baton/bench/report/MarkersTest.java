// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The markers of a page: what a rewrite replaces, what a check reports, what is malformed. */
class MarkersTest {
  private static final String PAGE =
      "# Title\n\nText.\n\n<!-- results:lock -->\nold table\n<!-- /results -->\n\nMiddle.\n"
          + "<!-- results:chaos -->\n<!-- /results -->\nEnd.\n";
  private static final Report REPORT =
      new Report(
          List.of(
              ResultsFile.parse(
                  "2026-12-02-lock-0123456.txt", Fixtures.HEADERS + "RESULT lock contenders=1\n")));

  @Test
  void rewritingReplacesOnlyWhatIsBetweenTheMarkersAndLinksFromThePage() {
    String once = REPORT.rewrite("docs/p.md", PAGE);
    assertThat(once)
        .startsWith("# Title\n\nText.\n\n<!-- results:lock -->\n| contenders |")
        .contains("(../benchmarks/results/2026-12-02-lock-0123456.txt))\n<!-- /results -->\n")
        .contains(
            "\n\nMiddle.\n<!-- results:chaos -->\nNo recorded run yet (record one with"
                + " `benchmarks/record chaos`).\n<!-- /results -->\nEnd.\n")
        .doesNotContain("old table");
    assertThat(REPORT.rewrite("README.md", PAGE)).contains("](benchmarks/results/2026-12-02-lock");
  }

  @Test
  void rewritingIsIdempotentAndARewrittenPageHasNoProblemButTheTablesOnNoPage() {
    String once = REPORT.rewrite("README.md", PAGE);
    assertThat(REPORT.rewrite("README.md", once)).isEqualTo(once);
    assertThat(REPORT.problems(Map.of("README.md", once)))
        .isNotEmpty()
        .allMatch(p -> p.endsWith("is on no page (README.md, docs/*.md)"))
        .noneMatch(p -> p.contains("'lock'") || p.contains("'chaos'"));
  }

  @Test
  void aRegionThatDiffersIsReportedWithItsPageLineAndTheCommand() {
    String once = REPORT.rewrite("docs/p.md", PAGE);
    assertThat(REPORT.problems(Map.of("docs/p.md", once.replace("| 1 |", "| 2 |"))))
        .first()
        .asString()
        .isEqualTo(
            "docs/p.md line 5: table 'lock' differs from benchmarks/results/; run"
                + " benchmarks/report and commit docs/p.md");
  }

  @Test
  void aTableOnTwoPagesIsReported() {
    String once = REPORT.rewrite("README.md", PAGE);
    assertThat(REPORT.problems(Map.of("README.md", once, "docs/b.md", once)))
        .anyMatch(p -> p.matches(".*: table 'lock' is also on .*"));
  }

  @Test
  void anUnknownTableOrOneWithoutItsEndIsAnError() {
    assertThatThrownBy(() -> Report.regions("p.md", "x\n<!-- results:c -->\n<!-- /results -->\n"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageStartingWith("p.md line 2: unknown table 'c'");
    assertThatThrownBy(() -> Report.regions("p.md", "<!-- results:lock -->\n| x |\n"))
        .hasMessage("p.md line 1: a table without <!-- /results -->");
    assertThatThrownBy(
            () ->
                Report.regions(
                    "p.md", "<!-- results:lock -->\n<!-- results:chaos -->\n<!-- /results -->\n"))
        .hasMessage("p.md line 2: table 'chaos' starts inside the table of line 1");
  }

  @Test
  void anEndWithoutAStartATableTwiceAndAMalformedMarkerAreErrors() {
    assertThatThrownBy(() -> Report.regions("p.md", "x\n<!-- /results -->\n"))
        .hasMessageStartingWith("p.md line 2: a marker out of place");
    String twice = "<!-- results:lock -->\n<!-- /results -->\n";
    assertThatThrownBy(() -> Report.regions("p.md", twice + twice))
        .hasMessage("p.md line 3: table 'lock' a second time");
    assertThatThrownBy(() -> Report.regions("p.md", "<!-- results: lock -->\n"))
        .hasMessage(
            "p.md line 1: a marker out of place or of another form: <!-- results: lock -->");
  }
}
