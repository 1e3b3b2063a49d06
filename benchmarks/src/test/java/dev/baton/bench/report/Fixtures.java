// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** The fixture results files of the report's tests (test resources, {@code results/}). */
final class Fixtures {
  static final String HEADERS =
      "# command: benchmarks/run lock\n"
          + "# commit: 0123456789abcdef0123456789abcdef01234567\n"
          + "# date: 2026-12-02T14:03:22Z\n"
          + "# machine: 2 cores, test CPU\n";

  private Fixtures() {}

  /** The fixture directory. */
  static Path directory() {
    URL url =
        Objects.requireNonNull(
            Fixtures.class.getResource("results"), "test resource dev/baton/bench/report/results");
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every fixture run. */
  static List<ResultsFile> runs() {
    return ResultsFile.readAll(directory());
  }

  /** A report over the fixture runs, linking to {@code results/}. */
  static ResultsReport report() {
    return new ResultsReport(runs(), "results/");
  }

  /** The project's table with this id. */
  static TableSpec table(String id) {
    return Tables.all().stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow();
  }
}
