// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One generated table: which RESULT lines it shows, one row per line, and its columns. A column is
 * {@code header=key} or {@code header=key1/key2 unit} ({@code @name}: the result's name without the
 * table's prefix; a missing key shows {@value #MISSING}); a condition is {@code key=value}, or
 * {@code key=value?} to also accept a line without the key. A table of speed figures shows, in each
 * cell, the median over the newest commit's runs of one command ({@link #ofMedians()}, {@link
 * Medians}); a table of safety figures shows one run.
 *
 * @param id the marker's id, {@code <!-- results:ID -->}
 * @param scenario the {@code benchmarks/run} scenario whose runs feed the table
 * @param result the RESULT name of the lines shown, or a prefix ending in {@code *}
 * @param where conditions every line shown meets besides its name
 * @param columns the columns, in order
 * @param medians whether the cells are the medians of the newest commit's runs of one command
 */
record Table(
    String id,
    String scenario,
    String result,
    List<String> where,
    List<String> columns,
    boolean medians) {
  static final String MISSING = "–";

  static Table of(String id, String scenario, String result, String... columns) {
    return new Table(id, scenario, result, List.of(), List.of(columns), false);
  }

  /** The table of scenario {@code name}'s RESULT lines {@code name}, with id {@code name}. */
  static Table named(String name, String... columns) {
    return of(name, name, name, columns);
  }

  /** This table, showing only the lines that also meet {@code conditions}. */
  Table where(String... conditions) {
    return new Table(id, scenario, result, List.of(conditions), columns, medians);
  }

  /** This table, each cell the median of the newest commit's runs of the newest run's command. */
  Table ofMedians() {
    return new Table(id, scenario, result, where, columns, true);
  }

  /** The keys the columns show ({@code @name} is no key). */
  List<String> keys() {
    return columns.stream().flatMap(c -> keysOf(c).stream()).toList();
  }

  /** The keys of the first column, which name a row (candidates, store, system). */
  List<String> rowKeys() {
    return keysOf(columns.get(0));
  }

  private static List<String> keysOf(String column) {
    return Stream.of(spec(column)[0].split("/")).filter(k -> !k.equals("@name")).toList();
  }

  /** A column's spec after its header: the keys ({@code key1/key2}), then the unit if any. */
  private static String[] spec(String column) {
    return column.substring(column.lastIndexOf('=') + 1).split(" ", 2);
  }

  /** Whether the table shows {@code line}. */
  boolean shows(ResultLine line) {
    boolean named =
        result.endsWith("*") ? line.name().startsWith(prefix()) : line.name().equals(result);
    return named && where.stream().allMatch(c -> meets(line, c));
  }

  /** The markdown table of a run's lines: header, separator and a row per line it shows. */
  String render(ResultsFile run) {
    StringBuilder out = new StringBuilder();
    row(out, columns.stream().map(c -> c.substring(0, c.lastIndexOf('='))).toList());
    row(out, columns.stream().map(c -> "---").toList());
    for (ResultLine line : run.lines()) {
      if (shows(line)) {
        row(out, columns.stream().map(c -> cell(c, line)).toList());
      }
    }
    return out.toString();
  }

  private String cell(String column, ResultLine line) {
    String[] spec = spec(column);
    String unit = spec.length > 1 ? " " + spec[1] : "";
    List<String> parts = new ArrayList<>();
    for (String key : spec[0].split("/")) {
      Optional<String> value =
          key.equals("@name")
              ? Optional.of(line.name().substring(prefix().length()))
              : line.value(key);
      parts.add(value.map(v -> v + unit).orElse(MISSING));
    }
    return String.join(" / ", parts);
  }

  private static boolean meets(ResultLine line, String condition) {
    boolean orAbsent = condition.endsWith("?");
    String[] kv = condition.replace("?", "").split("=", 2);
    return line.value(kv[0]).map(kv[1]::equals).orElse(orAbsent);
  }

  private String prefix() {
    return result.endsWith("*") ? result.substring(0, result.length() - 1) : "";
  }

  private static void row(StringBuilder out, List<String> cells) {
    out.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}
