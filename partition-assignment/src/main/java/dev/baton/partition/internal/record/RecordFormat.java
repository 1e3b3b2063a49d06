// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.record;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import dev.baton.partition.MalformedRecordException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The text format of every record Baton stores in a group's znodes: a header line {@code
 * baton-<kind>/<version>}, then {@code key=value} lines. Parsing is defensive and uses Baton's one
 * strict decoder ({@link StrictText}): a size limit, strict UTF-8, no control characters on any
 * line (the header included), no duplicate keys, a known kind and version 1, and numbers in
 * canonical form only. Unknown keys are kept (a newer writer may add fields) and ignored by
 * readers. Problems quote record content only through {@link SafeText} (escaped and abbreviated),
 * since they are logged.
 */
public final class RecordFormat {
  public static final int VERSION = 1;

  /** How much of a header, key or value a problem quotes. */
  static final int QUOTED = 40;

  private RecordFormat() {}

  /** Starts a record of {@code kind}. */
  public static StringBuilder header(String kind) {
    return new StringBuilder("baton-").append(kind).append('/').append(VERSION).append('\n');
  }

  public static void field(StringBuilder b, String key, Object value) {
    b.append(key).append('=').append(value).append('\n');
  }

  public static byte[] bytes(StringBuilder b) {
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The function that turns a problem into the exception for {@code path}. */
  static Function<String, MalformedRecordException> malformed(String path) {
    return problem -> new MalformedRecordException(path, problem);
  }

  /** {@code text} for a problem: escaped, abbreviated and quoted ({@link SafeText#quoted}). */
  static String quoted(String text) {
    return SafeText.quoted(text, QUOTED);
  }

  /**
   * Parses a record.
   *
   * @throws MalformedRecordException naming {@code path} and the problem
   */
  public static Map<String, String> parse(String path, byte[] data, String kind, int maxBytes) {
    List<String> lines = StrictText.lines(data, maxBytes, malformed(path));
    String header = lines.get(0);
    String expected = "baton-" + kind + "/";
    if (!header.startsWith(expected)) {
      throw new MalformedRecordException(
          path, "not a " + kind + " record (header " + quoted(header) + ")");
    }
    if (!header.equals(expected + VERSION)) {
      throw new MalformedRecordException(
          path,
          "unsupported " + kind + " record version " + quoted(header.substring(expected.length())));
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new MalformedRecordException(path, "line " + (i + 1) + " is not key=value");
      }
      if (fields.put(line.substring(0, eq), line.substring(eq + 1)) != null) {
        throw new MalformedRecordException(path, "duplicate key " + quoted(line.substring(0, eq)));
      }
    }
    return fields;
  }

  /** A required field. */
  public static String require(String path, Map<String, String> fields, String key) {
    String v = fields.get(key);
    if (v == null) {
      throw new MalformedRecordException(path, "missing field '" + key + "'");
    }
    return v;
  }

  /**
   * A required number field from 0 to {@code max}, in canonical form ({@link StrictText#number}).
   */
  public static long number(String path, Map<String, String> fields, String key, long max) {
    return StrictText.number(
        require(path, fields, key), max, "field '" + key + "'", malformed(path));
  }
}
