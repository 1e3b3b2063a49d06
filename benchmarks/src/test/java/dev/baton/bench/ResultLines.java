// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import dev.baton.bench.report.ResultLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scenario printed on stdout, and its {@code RESULT} lines as fields, for the scenarios'
 * tests.
 */
public final class ResultLines {
  private ResultLines() {}

  /** A scenario run that may throw. */
  public interface Body {
    void run() throws Exception;
  }

  /** Everything {@code body} printed on stdout. */
  public static String stdoutOf(Body body) throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      body.run();
    } finally {
      System.setOut(original);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }

  /** The lines {@code body} printed on stdout. */
  public static List<String> linesOf(Body body) throws Exception {
    return stdoutOf(body).lines().toList();
  }

  /** "RESULT name k=v k=v" to {"": name, k: v, ...}; fails on a malformed line. */
  public static Map<String, String> parse(String line) {
    ResultLine parsed = ResultLine.parse(line);
    Map<String, String> out = new LinkedHashMap<>();
    out.put("", parsed.name());
    out.putAll(parsed.values());
    return out;
  }
}
