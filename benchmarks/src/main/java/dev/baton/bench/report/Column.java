// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One column of a generated table: a header and the key (or keys, joined by {@code " / "}) whose
 * values it shows, as printed, with a unit after each.
 *
 * @param header the column's header
 * @param keys the RESULT keys; {@link #NAME} stands for the result's name without the table's
 *     prefix (e.g. {@code pause} for {@code chaos-pause})
 * @param unit appended to each present value, e.g. {@code " ms"}; empty for none
 */
public record Column(String header, List<String> keys, String unit) {
  /** The pseudo-key of the result's name. */
  public static final String NAME = "@name";

  /** What a column shows for a key the line does not have (e.g. a line from an older run). */
  public static final String MISSING = "–";

  /** Copies {@code keys} and requires at least one. */
  public Column {
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("column '" + header + "' without a key");
    }
  }

  /**
   * A column of one key without a unit.
   *
   * @param header the header
   * @param key the key
   * @return the column
   */
  public static Column of(String header, String key) {
    return new Column(header, List.of(key), "");
  }

  /**
   * A column of one key with a unit.
   *
   * @param header the header
   * @param key the key
   * @param unit e.g. {@code " ms"}
   * @return the column
   */
  public static Column of(String header, String key, String unit) {
    return new Column(header, List.of(key), unit);
  }

  /**
   * A column of several keys, shown as {@code a / b}.
   *
   * @param header the header, e.g. {@code "requests per handover, Baton / Curator"}
   * @param unit appended to each present value
   * @param keys the keys, in order
   * @return the column
   */
  public static Column joined(String header, String unit, String... keys) {
    return new Column(header, List.of(keys), unit);
  }

  /**
   * This column's cell for one line.
   *
   * @param line the line
   * @param nameShown the result's name as {@link #NAME} shows it
   * @return the values with their unit, {@link #MISSING} for each absent key
   */
  public String cell(ResultLine line, String nameShown) {
    List<String> parts = new ArrayList<>();
    for (String key : keys) {
      Optional<String> value = key.equals(NAME) ? Optional.of(nameShown) : line.value(key);
      parts.add(value.map(v -> v + unit).orElse(MISSING));
    }
    return String.join(" / ", parts);
  }
}
