// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code benchmarks/report [--check]} on a repository of its own: exit codes and rewrites. */
class ReportMainTest {
  @TempDir Path root;

  @Test
  void checkFailsOnAStaleTableTheRewriteFixesItAndAMalformedFileIsExit2() throws IOException {
    Path results = Files.createDirectories(root.resolve(Report.RESULTS));
    Files.writeString(
        results.resolve("2026-12-02-lock-0123456.txt"),
        Fixtures.HEADERS
            + "RESULT lock contenders=1 ratio=1.100 baton_ops_per_s=550.0 curator_ops_per_s=500.0\n");
    Path readme = root.resolve("README.md");
    Files.writeString(readme, "# Title\n");
    Path page = Files.createDirectories(root.resolve("docs")).resolve("benchmarks.md");
    Files.writeString(page, "Lock:\n\n<!-- results:lock -->\n<!-- /results -->\n");

    assertThat(Report.run(new String[] {root.toString(), "--check"})).isEqualTo(1);
    assertThat(Report.run(new String[] {root.toString()})).isZero();
    String text = Files.readString(page, StandardCharsets.UTF_8);
    assertThat(text).contains("| 1 | 550.0 | 500.0 | – | 1.100 | – | – / – |\n");
    assertThat(text).contains("](../benchmarks/results/2026-12-02-lock-0123456.txt))\n");
    assertThat(Files.readString(readme, StandardCharsets.UTF_8)).isEqualTo("# Title\n");
    assertThat(Report.run(new String[] {root.toString()})).isZero();
    assertThat(Files.readString(page, StandardCharsets.UTF_8)).isEqualTo(text);
    // up to date, but the other tables are on no page: --check says so
    assertThat(Report.run(new String[] {root.toString(), "--check"})).isEqualTo(1);

    Files.writeString(results.resolve("2026-12-03-lock-0123456.txt"), "RESULT lock x\n");
    assertThat(Report.run(new String[] {root.toString(), "--check"})).isEqualTo(2);
    assertThat(Report.run(new String[] {root.toString(), "--verbose"})).isEqualTo(2);
  }
}
