// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A recorded run as parsed, and each way a results file is refused. */
class ResultsFileTest {
  @Test
  void aFixtureFileGivesItsHeadersNotesAndLinesInOrder() {
    ResultsFile run =
        Fixtures.runs().stream()
            .filter(r -> r.fileName().equals("2026-12-01-election-handover-1111111.txt"))
            .findFirst()
            .orElseThrow();
    assertThat(run.command()).isEqualTo("benchmarks/run election-handover");
    assertThat(run.commit()).isEqualTo("1".repeat(40));
    assertThat(run.shortCommit()).isEqualTo("1111111");
    assertThat(run.instant()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
    assertThat(run.notes()).containsExactly("an older run, before the floor keys existed");
    assertThat(run.baseline()).isEmpty();
    assertThat(run.lines())
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line.name()).isEqualTo("election-handover");
              assertThat(line.value("baton_p50_ms")).contains("7.238");
              assertThat(line.value("floor_p50_ms")).isEmpty();
              assertThat(line.text()).startsWith("RESULT election-handover candidates=10 ");
            });
  }

  @Test
  void onlyTxtFilesAreRead() {
    assertThat(Fixtures.runs())
        .extracting(ResultsFile::fileName)
        .hasSize(4)
        .allMatch(name -> name.endsWith(".txt"));
  }

  @Test
  void aDirtyCommitAndABaselineAreKept() {
    ResultsFile dirty =
        ResultsFile.parse(
            "x.txt",
            Fixtures.HEADERS.replace("01234567\n", "01234567-dirty\n")
                + "# baseline: before the change\nRESULT lock contenders=1\n");
    assertThat(dirty.shortCommit()).isEqualTo("0123456-dirty");
    assertThat(dirty.baseline()).contains("before the change");
  }

  @Test
  void aMissingHeaderIsNamed() {
    String text =
        Fixtures.HEADERS.replace("# machine: 2 cores, test CPU\n", "") + "RESULT lock a=1";
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", text))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessage("x.txt: no '# machine:' header");
  }

  @Test
  void anUnknownOrRepeatedHeaderOrOneAfterTheLinesIsAnErrorWithItsLine() {
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", "# comit: abc\n"))
        .hasMessageStartingWith("x.txt line 1: unknown header '# comit: abc'");
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", Fixtures.HEADERS + "# date: 2026-12-03\n"))
        .hasMessage("x.txt line 5: header 'date' twice");
    assertThatThrownBy(
            () -> ResultsFile.parse("x.txt", Fixtures.HEADERS + "RESULT lock a=1\n# note: late\n"))
        .hasMessageContaining("x.txt line 6: a header after the RESULT lines");
  }

  @Test
  void aShortCommitOrABadDateIsRejected() {
    assertThatThrownBy(
            () ->
                ResultsFile.parse(
                    "x.txt",
                    Fixtures.HEADERS.replace("0123456789abcdef0123456789abcdef01234567", "0123456")
                        + "RESULT lock a=1\n"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("commit '0123456' is no full SHA-1");
    assertThatThrownBy(
            () ->
                ResultsFile.parse(
                    "x.txt",
                    Fixtures.HEADERS.replace("2026-12-02T14:03:22Z", "yesterday")
                        + "RESULT lock a=1\n"))
        .isInstanceOf(ResultsFormatException.class)
        .hasMessageContaining("date 'yesterday'");
  }

  @Test
  void aLineThatIsNoResultLineOrHasABadTokenIsAnErrorWithItsLine() {
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", Fixtures.HEADERS + "lock: 3 holds\n"))
        .hasMessage("x.txt line 5: not a RESULT line: lock: 3 holds");
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", Fixtures.HEADERS + "RESULT lock a=1 b\n"))
        .hasMessage("x.txt line 5: 'b' is no key=value: RESULT lock a=1 b");
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", Fixtures.HEADERS + "RESULT lock a=1 a=2\n"))
        .hasMessage("x.txt line 5: key 'a' twice: RESULT lock a=1 a=2");
    assertThatThrownBy(() -> ResultsFile.parse("x.txt", Fixtures.HEADERS))
        .hasMessage("x.txt: no RESULT lines");
  }
}
