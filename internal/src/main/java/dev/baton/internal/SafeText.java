// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import java.util.Locale;

/**
 * Untrusted text (a rejected table name, a znode name) made safe to log: abbreviated, anything but
 * printable ASCII escaped as {@code \}{@code uXXXX}, so it cannot flood or forge logs.
 */
public final class SafeText {
  private SafeText() {}

  /** At most {@code limit} chars of {@code text}, escaped, noting the length if longer. */
  public static String printable(String text, int limit) {
    if (text == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder();
    int shown = Math.min(text.length(), limit);
    for (int i = 0; i < shown; i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c < 0x7f && c != '\\') {
        b.append(c);
      } else {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      }
    }
    return text.length() > shown ? b + "... (" + text.length() + " characters)" : b.toString();
  }

  /** {@link #printable} in single quotes (the quotes close before an abbreviation's note). */
  public static String quoted(String text, int limit) {
    if (text == null) {
      return "null";
    }
    String body = printable(text.length() > limit ? text.substring(0, limit) : text, limit);
    String more = text.length() > limit ? "... (" + text.length() + " characters)" : "";
    return "'" + body + "'" + more;
  }
}
