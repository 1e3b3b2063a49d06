package dev.baton.partition.internal.record;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.Ranges;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text format of every record Baton stores in a group's znodes: a header line
 * {@code baton-<kind>/<version>}, then {@code key=value} lines. Parsing is defensive: a size limit, strict
 * UTF-8, no control characters, no duplicate keys, a known kind and version 1. Unknown keys are kept
 * (a newer writer may add fields) and ignored by readers.
 */
public final class RecordFormat {
  public static final int VERSION = 1;

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

  /**
   * Parses a record.
   *
   * @throws MalformedRecordException naming {@code path} and the problem
   */
  public static Map<String, String> parse(String path, byte[] data, String kind, int maxBytes) {
    if (data == null || data.length == 0) {
      throw new MalformedRecordException(path, "empty");
    }
    if (data.length > maxBytes) {
      throw new MalformedRecordException(path, data.length + " bytes, more than " + maxBytes);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data)).toString();
    } catch (CharacterCodingException e) {
      throw new MalformedRecordException(path, "not UTF-8");
    }
    String[] lines = text.split("\n", -1);
    String expected = "baton-" + kind + "/";
    if (!lines[0].startsWith(expected)) {
      throw new MalformedRecordException(path, "not a " + kind + " record (header '"
          + Ranges.abbreviate(lines[0]) + "')");
    }
    if (!lines[0].equals(expected + VERSION)) {
      throw new MalformedRecordException(path, "unsupported " + kind + " record version '"
          + Ranges.abbreviate(lines[0].substring(expected.length())) + "'");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty()) {
        continue;
      }
      if (line.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
        throw new MalformedRecordException(path, "control character on line " + (i + 1));
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new MalformedRecordException(path, "line " + (i + 1) + " is not key=value");
      }
      if (fields.put(line.substring(0, eq), line.substring(eq + 1)) != null) {
        throw new MalformedRecordException(path, "duplicate key '"
            + Ranges.abbreviate(line.substring(0, eq)) + "'");
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

  /** A required non-negative long field. */
  public static long number(String path, Map<String, String> fields, String key, long max) {
    String v = require(path, fields, key);
    if (v.isEmpty() || v.length() > 19 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new MalformedRecordException(path, "field '" + key + "' is not a number");
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new MalformedRecordException(path, "field '" + key + "' is out of range");
    }
    if (n > max) {
      throw new MalformedRecordException(path, "field '" + key + "' is " + n + ", more than " + max);
    }
    return n;
  }
}
