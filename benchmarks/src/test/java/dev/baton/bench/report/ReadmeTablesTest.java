// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The README's benchmark tables are what {@code benchmarks/report} generates from {@code
 * benchmarks/results/}: a figure cannot drift from its recorded run.
 */
class ReadmeTablesTest {
  private static final Path ROOT = root();

  @Test
  void theReadmesTablesAreGeneratedFromTheRecordedRuns() throws IOException {
    List<String> problems = ReportMain.problems(readme(), ReportMain.blocks(ROOT));
    assertThat(problems).as(String.join("\n", problems)).isEmpty();
  }

  @Test
  void theReadmeShowsEveryTable() throws IOException {
    assertThat(ReadmeMarkers.regions(readme(), ReportMain.blocks(ROOT).keySet()))
        .extracting(ReadmeMarkers.Region::id)
        .containsExactlyInAnyOrderElementsOf(Tables.all().stream().map(TableSpec::id).toList());
  }

  @Test
  void anAlteredFigureIsReportedWithItsTableAndTheCommand() throws IOException {
    Map<String, String> blocks = ReportMain.blocks(ROOT);
    String readme = readme();
    String lock = blocks.get("lock");
    assertThat(lock).as("the lock table has a recorded run").contains("| 1 | ");
    String altered = readme.replace(lock, lock.replaceFirst("\\| 1 \\| ([0-9])", "| 1 | 9$1"));
    assertThat(altered).isNotEqualTo(readme);
    assertThat(ReportMain.problems(altered, blocks))
        .singleElement()
        .asString()
        .contains("table 'lock' differs from benchmarks/results/")
        .contains("run benchmarks/report");
  }

  private static String readme() throws IOException {
    return Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
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
