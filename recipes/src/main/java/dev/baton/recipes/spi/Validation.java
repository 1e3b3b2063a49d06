// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

/**
 * The checks recipe configurations run, so every recipe names its settings alike:
 * NullPointerException for a null value, IllegalArgumentException naming the setting and problem.
 */
public final class Validation {
  /** Longest participant or owner id, in bytes of UTF-8. */
  public static final int MAX_ID_BYTES = 256;

  private Validation() {}

  /** Checks a {@code kind} recipe's znode path (e.g. "election"): valid, absolute, not root. */
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

  /** Checks id {@code field}: 1 to {@value #MAX_ID_BYTES} UTF-8 bytes, not blank, no controls. */
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

  /** Checks the duration setting {@code field}: zero or positive. */
  public static Duration nonNegative(String field, @Nullable Duration value) {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, field);
    if (value.isNegative()) {
      throw new IllegalArgumentException(field + " must be zero or positive, was " + value);
    }
    return value;
  }

  /** Checks the duration setting {@code field}: at least one millisecond. */
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
