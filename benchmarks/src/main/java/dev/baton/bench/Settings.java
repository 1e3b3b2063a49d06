// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Scenario settings: {@code --key=value} arguments, else the system property {@code bench.key},
 * else the default. Unknown argument keys are rejected so that a typo does not silently run the
 * defaults.
 */
public final class Settings {
  private final Map<String, String> args;

  private Settings(Map<String, String> args) {
    this.args = args;
  }

  /**
   * Parses {@code --key=value} arguments.
   *
   * @throws IllegalArgumentException for a malformed argument or a key not in {@code known}
   */
  public static Settings parse(List<String> raw, Set<String> known) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String arg : raw) {
      String a = arg.startsWith("--") ? arg.substring(2) : arg;
      int eq = a.indexOf('=');
      String key = eq < 0 ? a : a.substring(0, eq);
      String value = eq < 0 ? "true" : a.substring(eq + 1);
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            "unknown argument '" + arg + "'; known keys: " + new TreeSet<>(known));
      }
      map.put(key, value);
    }
    return new Settings(map);
  }

  public String string(String key, String defaultValue) {
    String v = args.get(key);
    if (v == null) {
      v = System.getProperty("bench." + key);
    }
    return v == null ? defaultValue : v;
  }

  public int integer(String key, int defaultValue) {
    String v = string(key, null);
    try {
      return v == null ? defaultValue : Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, was '" + v + "'");
    }
  }

  public boolean bool(String key, boolean defaultValue) {
    String v = string(key, null);
    if (v == null) {
      return defaultValue;
    }
    if (v.equalsIgnoreCase("true") || v.equals("1")) {
      return true;
    }
    if (v.equalsIgnoreCase("false") || v.equals("0")) {
      return false;
    }
    throw new IllegalArgumentException(key + " must be true or false, was '" + v + "'");
  }

  public List<Integer> integers(String key, String defaultValue) {
    String v = string(key, defaultValue);
    List<Integer> out = new ArrayList<>();
    for (String part : v.split(",")) {
      try {
        out.add(Integer.parseInt(part.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            key + " must be a comma-separated list of integers, was '" + v + "'");
      }
    }
    return out;
  }
}
