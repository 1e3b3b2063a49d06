// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders each table from the newest recorded run that has its lines: the table, then the command,
 * commit and date of that run and a link to its file.
 */
public final class ResultsReport {
  private final List<ResultsFile> runs;
  private final String linkPrefix;

  /**
   * @param runs all recorded runs
   * @param linkPrefix the results directory as the README links it, e.g. {@code
   *     benchmarks/results/}
   */
  public ResultsReport(List<ResultsFile> runs, String linkPrefix) {
    this.runs = List.copyOf(runs);
    this.linkPrefix = linkPrefix;
  }

  /**
   * The run a table is generated from: the newest by date among the runs of its scenario (the word
   * after {@code benchmarks/run} in the run's command: a {@code chaos-profile} run never feeds the
   * {@code chaos} table, whose lines it shares a prefix with) that have at least one of its lines
   * and are no baseline.
   *
   * @param spec the table
   * @return that run, or empty if none has its lines
   * @throws ResultsFormatException if two such runs share the newest date
   */
  public Optional<ResultsFile> source(TableSpec spec) {
    List<ResultsFile> candidates =
        runs.stream()
            .filter(run -> run.baseline().isEmpty())
            .filter(run -> run.scenario().equals(spec.scenario()))
            .filter(run -> run.lines().stream().anyMatch(spec::shows))
            .sorted(Comparator.comparing(ResultsFile::instant).reversed())
            .toList();
    if (candidates.size() > 1) {
      Instant newest = candidates.get(0).instant();
      if (candidates.get(1).instant().equals(newest)) {
        throw new ResultsFormatException(
            "table '"
                + spec.id()
                + "': "
                + candidates.get(0).fileName()
                + " and "
                + candidates.get(1).fileName()
                + " have the same date, so neither is the newest: give one a time or mark one"
                + " '# baseline:'");
      }
    }
    return candidates.stream().findFirst();
  }

  /**
   * A table's text between its markers.
   *
   * @param spec the table
   * @return the table and its source line, or the line saying there is no recorded run; ends with a
   *     newline
   */
  public String block(TableSpec spec) {
    return source(spec)
        .map(run -> spec.table(run) + "\n" + sourceLine(run) + "\n")
        .orElse(
            "No recorded run yet (record one with `benchmarks/record " + spec.scenario() + "`).\n");
  }

  /**
   * Every table's text, by id.
   *
   * @param specs the tables
   * @return id to {@link #block(TableSpec)}
   */
  public Map<String, String> blocks(List<TableSpec> specs) {
    Map<String, String> out = new LinkedHashMap<>();
    specs.forEach(spec -> out.put(spec.id(), block(spec)));
    return out;
  }

  private String sourceLine(ResultsFile run) {
    return "`"
        + run.command()
        + "` at "
        + run.shortCommit()
        + ", "
        + run.date()
        + " ([machine and raw lines]("
        + linkPrefix
        + run.fileName()
        + "))";
  }
}
