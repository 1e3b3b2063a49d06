// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@code application/x-www-form-urlencoded} text: {@code a=1&b=x%20y&c} gives {@code {a=1,
 * b=x y, c=}}; a name given twice keeps its last value; empty names are ignored.
 */
final class FormParams {
  private FormParams() {}

  /**
   * Parses {@code text} (still encoded; null or empty gives nothing) into {@code into}.
   *
   * @throws IllegalArgumentException if the text is not valid percent-encoding
   */
  static void parse(String text, Map<String, String> into) {
    if (text == null || text.isEmpty()) {
      return;
    }
    for (String pair : text.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (!name.isEmpty()) {
        into.put(name, value);
      }
    }
  }

  /** The parameters of a query string then a form body (the body wins for a name in both). */
  static Map<String, String> merge(String rawQuery, String body) {
    Map<String, String> params = new LinkedHashMap<>();
    parse(rawQuery, params);
    parse(body, params);
    return Collections.unmodifiableMap(params);
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("malformed parameter encoding: " + text, e);
    }
  }
}
