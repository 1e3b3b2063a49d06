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

  /** Every fixture run. */
  static List<ResultsFile> runs() {
    URL url =
        Objects.requireNonNull(
            Fixtures.class.getResource("results"), "test resource dev/baton/bench/report/results");
    try {
      return ResultsFile.readAll(Path.of(url.toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A report over the fixture runs. */
  static Report report() {
    return new Report(runs());
  }

  /** The project's table with this id. */
  static Table table(String id) {
    return Tables.ALL.stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow();
  }
}
