// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

/**
 * The checks recipe configurations run on their settings, with their messages, so that every recipe
 * (a new one too) checks and names its settings the same way.
 */
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
  public static String path(String kind, @Nullable String path) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(path, "path");
    if ("/".equals(path)) {
      throw new IllegalArgumentException("the " + kind + " path cannot be the root '/'");
    }
    try {
      PathUtils.validatePath(path);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "invalid " + kind + " path '" + path + "': " + e.getMessage(), e);
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
  public static String id(String field, @Nullable String id) {
    Objects.requireNonNull(field, "field");
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
  public static Duration nonNegative(String field, @Nullable Duration value) {
    Objects.requireNonNull(field, "field");
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
  public static Duration atLeastMillis(String field, @Nullable Duration value) {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, field);
    if (value.toMillis() < 1) {
      throw new IllegalArgumentException(
          field + " must be a positive duration of at least 1 ms, not " + value);
    }
    return value;
  }
}
