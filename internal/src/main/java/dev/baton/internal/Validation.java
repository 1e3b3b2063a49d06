// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The checks the configuration builders of Baton's recipes and groups share. */
public final class Validation {
  /** Longest participant or owner id, in bytes of UTF-8. */
  public static final int MAX_ID_BYTES = 256;

  private Validation() {}

  /**
   * Checks a recipe's znode path: a valid absolute ZooKeeper path below the root.
   *
   * @param kind what the path is for, e.g. "election", named in the message
   * @throws NullPointerException if {@code path} is null
   * @throws IllegalArgumentException naming the problem
   */
  public static String path(String kind, String path) {
    Objects.requireNonNull(path, "path");
    if ("/".equals(path)) {
      throw new IllegalArgumentException("the " + kind + " path cannot be the root '/'");
    }
    String problem = zooKeeperPathProblem(path);
    if (problem != null) {
      throw new IllegalArgumentException("invalid " + kind + " path '" + path + "': " + problem);
    }
    return path;
  }

  /**
   * Checks an id stored in a znode: 1 to {@value #MAX_ID_BYTES} bytes of UTF-8, not blank, no
   * control characters.
   *
   * @param field the field's name, named in the message
   * @throws NullPointerException naming {@code field} if {@code id} is null
   * @throws IllegalArgumentException naming the problem
   */
  public static String id(String field, String id) {
    Objects.requireNonNull(id, field);
    if (id.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    int bytes = id.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_ID_BYTES) {
      throw new IllegalArgumentException(
          field
              + " must be at most "
              + MAX_ID_BYTES
              + " bytes of UTF-8, not "
              + bytes
              + " bytes ("
              + id.length()
              + " characters)");
    }
    if (id.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(field + " must not contain control characters");
    }
    return id;
  }

  /**
   * Checks a duration setting: zero or positive.
   *
   * @throws NullPointerException naming {@code field} if {@code value} is null
   * @throws IllegalArgumentException naming {@code field}
   */
  public static Duration nonNegative(String field, Duration value) {
    Objects.requireNonNull(value, field);
    if (value.isNegative()) {
      throw new IllegalArgumentException(field + " must be zero or positive, was " + value);
    }
    return value;
  }

  /**
   * Checks a duration setting: at least one millisecond.
   *
   * @throws NullPointerException naming {@code field} if {@code value} is null
   * @throws IllegalArgumentException naming {@code field}
   */
  public static Duration atLeastMillis(String field, Duration value) {
    Objects.requireNonNull(value, field);
    if (value.toMillis() < 1) {
      throw new IllegalArgumentException(
          field + " must be a positive duration of at least 1 ms, not " + value);
    }
    return value;
  }

  /**
   * What Curator's {@code PathUtils.validatePath} says of a non-null path (its words, typo
   * included), or null if it accepts it. Restated so that this module needs no Curator; {@code
   * ZooKeeperPathParityTest} in the recipes checks that the two agree.
   */
  static @Nullable String zooKeeperPathProblem(String path) {
    if (path.isEmpty()) {
      return "Path length must be > 0";
    }
    if (path.charAt(0) != '/') {
      return "Path must start with / character";
    }
    if (path.length() == 1) {
      return null;
    }
    if (path.charAt(path.length() - 1) == '/') {
      return "Path must not end with / character";
    }
    String reason = null;
    char last = '/';
    for (int i = 1; i < path.length(); last = path.charAt(i), i++) {
      char c = path.charAt(i);
      boolean nameStart = path.charAt(i - 1) == '/';
      boolean nameEnd = i + 1 == path.length() || path.charAt(i + 1) == '/';
      if (c == 0) {
        reason = "null character not allowed @" + i;
      } else if (c == '/' && last == '/') {
        reason = "empty node name specified @" + i;
      } else if (c == '.' && last == '.') {
        if (path.charAt(i - 2) == '/' && nameEnd) {
          reason = "relative paths not allowed @" + i;
        }
      } else if (c == '.') {
        if (nameStart && nameEnd) {
          reason = "relative paths not allowed @" + i;
        }
      } else if ((c > 0 && c < 0x1f)
          || (c > 0x7f && c < 0x9f)
          || (c > 0xd800 && c < 0xf8ff)
          || (c > 0xfff0 && c < 0xffff)) {
        reason = "invalid charater @" + i;
      }
      if (reason != null) {
        return "Invalid path string \"" + path + "\" caused by " + reason;
      }
    }
    return null;
  }
}
