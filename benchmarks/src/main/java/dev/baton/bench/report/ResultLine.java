// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code RESULT <name> key=value ...} line as a benchmark printed it.
 *
 * @param name the result's name, e.g. {@code election-handover} or {@code chaos-pause}
 * @param values the key=value pairs in the order printed
 * @param text the line, verbatim
 */
public record ResultLine(String name, Map<String, String> values, String text) {
  private static final String PREFIX = "RESULT ";

  /** Copies {@code values}, keeping its order. */
  public ResultLine {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * Parses a line.
   *
   * @param text {@code RESULT name key=value ...}
   * @return the line's name and values
   * @throws IllegalArgumentException if the line has no name, a token without {@code key=}, or a
   *     key twice
   */
  public static ResultLine parse(String text) {
    if (!text.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not a RESULT line: " + text);
    }
    String[] tokens = text.substring(PREFIX.length()).trim().split("\\s+");
    if (tokens[0].isEmpty() || tokens[0].contains("=")) {
      throw new IllegalArgumentException("RESULT line without a name: " + text);
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 1; i < tokens.length; i++) {
      int eq = tokens[i].indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("'" + tokens[i] + "' is no key=value: " + text);
      }
      String key = tokens[i].substring(0, eq);
      if (values.put(key, tokens[i].substring(eq + 1)) != null) {
        throw new IllegalArgumentException("key '" + key + "' twice: " + text);
      }
    }
    return new ResultLine(tokens[0], values, text);
  }

  /** A value as printed, or empty if the line does not have the key. */
  public Optional<String> value(String key) {
    return Optional.ofNullable(values.get(key));
  }
}
