// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.List;

/**
 * One generated table of the README: which RESULT lines it shows, one row per line, and its
 * columns.
 *
 * @param id the marker's id: the table goes between {@code <!-- results:ID -->} and {@code <!--
 *     /results -->}
 * @param scenario the {@code benchmarks/run} scenario that prints the lines, for the hint when
 *     there is no recorded run
 * @param result the RESULT name of the lines shown, or a prefix ending in {@code *} (e.g. {@code
 *     chaos-*})
 * @param columns the columns, in order
 */
public record TableSpec(String id, String scenario, String result, List<Column> columns) {
  /** Copies {@code columns} and requires at least one. */
  public TableSpec {
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("table '" + id + "' without a column");
    }
  }

  /**
   * A table spec.
   *
   * @param id the marker's id
   * @param scenario the scenario that prints the lines
   * @param result the RESULT name, or a prefix ending in {@code *}
   * @param columns the columns
   * @return the spec
   */
  public static TableSpec of(String id, String scenario, String result, Column... columns) {
    return new TableSpec(id, scenario, result, List.of(columns));
  }

  /**
   * Whether the table shows a line.
   *
   * @param line a RESULT line
   * @return whether its name is the table's, or starts with the table's prefix
   */
  public boolean shows(ResultLine line) {
    return result.endsWith("*") ? line.name().startsWith(prefix()) : line.name().equals(result);
  }

  /**
   * The rows for a run's lines.
   *
   * @param run the run
   * @return the markdown table: header, separator and one row per line the table shows
   */
  public String table(ResultsFile run) {
    StringBuilder out = new StringBuilder();
    row(out, columns.stream().map(Column::header).toList());
    row(out, columns.stream().map(c -> "---").toList());
    for (ResultLine line : run.lines()) {
      if (shows(line)) {
        String nameShown = line.name().substring(prefix().length());
        row(out, columns.stream().map(c -> c.cell(line, nameShown)).toList());
      }
    }
    return out.toString();
  }

  private String prefix() {
    return result.endsWith("*") ? result.substring(0, result.length() - 1) : "";
  }

  private static void row(StringBuilder out, List<String> cells) {
    out.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}
