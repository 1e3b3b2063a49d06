// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The benchmark tables of README.md and docs/ are what {@code benchmarks/report} generates from
 * {@code benchmarks/results/}, each on exactly one page: a figure cannot drift from its recorded
 * run.
 */
class PagesTablesTest {
  private static final Path ROOT = root();

  @Test
  void everyTableIsOnOnePageAndGeneratedFromTheRecordedRuns() throws IOException {
    List<String> problems = report().problems(Report.pages(ROOT));
    assertThat(problems).as(String.join("\n", problems)).isEmpty();
  }

  @Test
  void anAlteredFigureIsReportedWithItsPageAndTheCommand() throws IOException {
    Map<String, String> pages = new LinkedHashMap<>(Report.pages(ROOT));
    String page =
        pages.entrySet().stream()
            .filter(e -> e.getValue().contains("<!-- results:lock -->"))
            .findFirst()
            .orElseThrow()
            .getKey();
    String lock = report().block(Fixtures.table("lock"), page);
    assertThat(lock).as("the lock table has a recorded run").contains("| 1 | ");
    String altered =
        pages.get(page).replace(lock, lock.replaceFirst("\\| 1 \\| ([0-9])", "| 1 | 9$1"));
    assertThat(altered).isNotEqualTo(pages.get(page));
    pages.put(page, altered);
    assertThat(report().problems(pages))
        .singleElement()
        .asString()
        .contains(page + " line ")
        .contains("table 'lock' differs from benchmarks/results/")
        .contains("run benchmarks/report");
  }

  private static Report report() {
    return new Report(ResultsFile.readAll(ROOT.resolve(Report.RESULTS)));
  }

  /** The repository root: the nearest directory above the working directory with benchmarks/. */
  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("benchmarks/results"))) {
      dir = dir.getParent();
    }
    assertThat(dir)
        .as("a directory with benchmarks/results above the working directory")
        .isNotNull();
    return dir;
  }
}
