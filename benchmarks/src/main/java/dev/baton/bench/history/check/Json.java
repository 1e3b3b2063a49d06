// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader (RFC 8259): objects as {@link LinkedHashMap}s, arrays as {@link
 * ArrayList}s, integers as {@link Long}, other numbers as {@link Double}; here so the checker
 * depends on no library.
 */
final class Json {
  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  /** Parses one JSON value filling the text; {@link IllegalArgumentException} if it is not JSON. */
  static Object parse(String text) {
    Json p = new Json(text);
    Object v = p.value();
    p.space();
    if (p.pos != text.length()) {
      throw p.error("trailing characters");
    }
    return v;
  }

  private Object value() {
    space();
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(pos);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    items(
        '}',
        () -> {
          if (peek() != '"') {
            throw error("expected a key");
          }
          String key = string();
          space();
          expect(':');
          if (out.containsKey(key)) {
            throw error("duplicate key '" + key + "'");
          }
          out.put(key, value());
        });
    return out;
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    items(']', () -> out.add(value()));
    return out;
  }

  /** The comma-separated items of an object or an array, each read by {@code item}. */
  private void items(char close, Runnable item) {
    pos++;
    space();
    if (peek() == close) {
      pos++;
      return;
    }
    while (true) {
      space();
      item.run();
      space();
      if (peek() != ',') {
        expect(close);
        return;
      }
      pos++;
    }
  }

  private String string() {
    expect('"');
    StringBuilder b = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return b.toString();
      }
      if (c < 0x20) {
        throw error("control character in a string");
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (pos >= text.length()) {
        throw error("unterminated escape");
      }
      char e = text.charAt(pos++);
      int simple = "\"\\/bfnrt".indexOf(e);
      if (simple >= 0) {
        b.append("\"\\/\b\f\n\r\t".charAt(simple));
        continue;
      }
      if (e != 'u') {
        throw error("bad escape \\" + e);
      }
      if (pos + 4 > text.length()) {
        throw error("short \\u escape");
      }
      try {
        b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
      } catch (NumberFormatException ex) {
        throw error("bad \\u escape");
      }
      pos += 4;
    }
  }

  private Object number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    boolean integral = true;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c >= '0' && c <= '9') {
        pos++;
      } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
        integral = false;
        pos++;
      } else {
        break;
      }
    }
    String s = text.substring(start, pos);
    if (s.isEmpty() || s.equals("-")) {
      throw error("unexpected character");
    }
    try {
      return integral ? (Object) Long.parseLong(s) : (Object) Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw error("bad number '" + s + "'");
    }
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("unexpected character");
    }
    pos += word.length();
    return value;
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void space() {
    while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("not JSON at character " + pos + ": " + what);
  }
}
