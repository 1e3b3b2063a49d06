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
 * @param where conditions every line shown meets besides its name (e.g. {@code backend=zk}, for a
 *     scenario that prints lines of two kinds); none for most tables
 */
public record TableSpec(
    String id, String scenario, String result, List<Column> columns, List<Where> where) {
  /** Copies {@code columns} and {@code where} and requires at least one column. */
  public TableSpec {
    columns = List.copyOf(columns);
    where = List.copyOf(where);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("table '" + id + "' without a column");
    }
  }

  /** A table of every line of its name. */
  public TableSpec(String id, String scenario, String result, List<Column> columns) {
    this(id, scenario, result, columns, List.of());
  }

  /**
   * A condition on a line: its value of {@code key} is {@code value}, or, with {@code orAbsent}, it
   * has no {@code key} (a run recorded before the key existed).
   *
   * @param key the key
   * @param value the value required
   * @param orAbsent whether a line without the key meets it
   */
  public record Where(String key, String value, boolean orAbsent) {
    /**
     * {@code key=value}, or no {@code key} at all.
     *
     * @param key the key
     * @param value the value required when the line has the key
     * @return the condition
     */
    public static Where isOrAbsent(String key, String value) {
      return new Where(key, value, true);
    }

    /**
     * {@code key=value}; a line without {@code key} does not meet it.
     *
     * @param key the key
     * @param value the value required
     * @return the condition
     */
    public static Where is(String key, String value) {
      return new Where(key, value, false);
    }

    /**
     * Whether {@code line} meets the condition.
     *
     * @param line a RESULT line
     * @return whether it does
     */
    public boolean matches(ResultLine line) {
      return line.value(key).map(value::equals).orElse(orAbsent);
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
   * A table spec of the lines that also meet {@code where}.
   *
   * @param id the marker's id
   * @param scenario the scenario that prints the lines
   * @param result the RESULT name, or a prefix ending in {@code *}
   * @param where the condition on the lines besides their name
   * @param columns the columns
   * @return the spec
   */
  public static TableSpec of(
      String id, String scenario, String result, Where where, Column... columns) {
    return new TableSpec(id, scenario, result, List.of(columns), List.of(where));
  }

  /**
   * Whether the table shows a line.
   *
   * @param line a RESULT line
   * @return whether its name is the table's, or starts with the table's prefix, and it meets every
   *     condition of {@link #where()}
   */
  public boolean shows(ResultLine line) {
    return (result.endsWith("*") ? line.name().startsWith(prefix()) : line.name().equals(result))
        && where.stream().allMatch(w -> w.matches(line));
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
