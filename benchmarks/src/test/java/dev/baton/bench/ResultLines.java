// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;

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

  /** "RESULT name k=v k=v" to {"": name, k: v, ...}; asserts the form. */
  public static Map<String, String> parse(String line) {
    String[] parts = line.split(" ");
    assertThat(parts[0]).isEqualTo("RESULT");
    Map<String, String> out = new LinkedHashMap<>();
    out.put("", parts[1]);
    for (int i = 2; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      assertThat(eq).as(parts[i]).isPositive();
      out.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
    }
    return out;
  }
}
