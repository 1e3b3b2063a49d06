// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's lines as the medians of several runs of one command at one commit: a published speed
 * figure is the median of its runs, not the last one. The runs must print the table's lines in the
 * same order with the same keys; each value is the median of the runs' values (with an even number
 * of runs the mean of the middle two, to the inputs' decimals), a value that is no number must be
 * the same in every run (a row's key: candidates, store, system).
 */
final class Medians {
  private Medians() {}

  /**
   * The newest of {@code runs} with only the lines {@code table} shows, each value their median.
   *
   * @param runs oldest first, of one command at one commit
   * @throws ResultsFormatException naming the files if the runs' lines do not line up
   */
  static ResultsFile of(Table table, List<ResultsFile> runs) {
    ResultsFile newest = runs.get(runs.size() - 1);
    List<List<ResultLine>> shown =
        runs.stream().map(r -> r.lines().stream().filter(table::shows).toList()).toList();
    int rows = shown.get(runs.size() - 1).size();
    for (int run = 0; run < runs.size(); run++) {
      if (shown.get(run).size() != rows) {
        throw mismatch(table, runs, run, shown.get(run).size() + " lines, not " + rows);
      }
    }
    List<ResultLine> medians = new ArrayList<>();
    for (int row = 0; row < rows; row++) {
      int r = row;
      medians.add(line(table, runs, shown.stream().map(lines -> lines.get(r)).toList()));
    }
    return new ResultsFile(
        newest.fileName(),
        newest.command(),
        newest.commit(),
        newest.instant(),
        newest.date(),
        newest.notes(),
        newest.baseline(),
        medians);
  }

  private static ResultLine line(Table table, List<ResultsFile> runs, List<ResultLine> lines) {
    ResultLine newest = lines.get(lines.size() - 1);
    Map<String, String> values = new LinkedHashMap<>(newest.values());
    for (int run = 0; run < lines.size(); run++) {
      ResultLine line = lines.get(run);
      if (!line.name().equals(newest.name())
          || !line.values().keySet().equals(newest.values().keySet())
          || table.rowKeys().stream().anyMatch(k -> !line.value(k).equals(newest.value(k)))) {
        throw mismatch(
            table,
            runs,
            run,
            "'" + line.text() + "' where the newest run has '" + newest.text() + "'");
      }
    }
    for (String key : table.keys()) {
      List<String> each = lines.stream().map(l -> l.values().get(key)).toList();
      if (each.contains(null)) {
        continue; // printed by none of the runs (the key is checked the same in all): a dash
      }
      String median = median(each);
      if (median == null) {
        int differs = 0; // the first run whose value is not the newest run's
        while (each.get(differs).equals(each.get(each.size() - 1))) {
          differs++;
        }
        throw mismatch(
            table, runs, differs, "'" + key + "' is " + each + ": no number, and not one value");
      }
      values.put(key, median);
    }
    return new ResultLine(newest.name(), values, newest.text());
  }

  /** The median of {@code values} as printed, or null if they differ and one is no number. */
  static String median(List<String> values) {
    if (values.stream().distinct().count() == 1) {
      return values.get(0);
    }
    List<BigDecimal> numbers = new ArrayList<>();
    for (String v : values) {
      try {
        numbers.add(new BigDecimal(v));
      } catch (NumberFormatException e) {
        return null;
      }
    }
    numbers.sort(Comparator.naturalOrder());
    int mid = numbers.size() / 2;
    if (numbers.size() % 2 == 1) {
      BigDecimal m = numbers.get(mid);
      return values.stream()
          .filter(v -> new BigDecimal(v).compareTo(m) == 0)
          .findFirst()
          .orElseThrow();
    }
    int scale = numbers.stream().mapToInt(BigDecimal::scale).max().orElse(0);
    return numbers
        .get(mid - 1)
        .add(numbers.get(mid))
        .divide(BigDecimal.valueOf(2), Math.max(scale, 0), RoundingMode.HALF_EVEN)
        .toPlainString();
  }

  private static ResultsFormatException mismatch(
      Table table, List<ResultsFile> runs, int run, String what) {
    return new ResultsFormatException(
        "table '%s': %s and %s, runs of one command at one commit, do not line up: %s"
            .formatted(
                table.id(), runs.get(run).fileName(), runs.get(runs.size() - 1).fileName(), what));
  }
}
