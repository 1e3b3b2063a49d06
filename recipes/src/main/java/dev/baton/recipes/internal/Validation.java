package dev.baton.recipes.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.curator.utils.PathUtils;

/** The checks the recipes' configuration builders share. */
public final class Validation {
  /** Longest participant or owner id, in bytes of UTF-8. */
  public static final int MAX_ID_BYTES = 256;

  private Validation() {}

  /**
   * Checks a recipe's znode path: a valid absolute ZooKeeper path below the root.
   *
   * @param kind what the path is for, e.g. "election", named in the message
   * @throws IllegalArgumentException naming the problem
   */
  public static String path(String kind, String path) {
    if (path == null) {
      throw new IllegalArgumentException("the " + kind + " path must not be null");
    }
    if ("/".equals(path)) {
      throw new IllegalArgumentException("the " + kind + " path cannot be the root '/'");
    }
    try {
      PathUtils.validatePath(path);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid " + kind + " path '" + path + "': " + e.getMessage(), e);
    }
    return path;
  }

  /**
   * Checks an id stored in a znode: 1 to {@value #MAX_ID_BYTES} bytes of UTF-8, not blank, no control
   * characters.
   *
   * @param field the field's name, named in the message
   * @throws IllegalArgumentException naming the problem
   */
  public static String id(String field, String id) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    if (id.getBytes(StandardCharsets.UTF_8).length > MAX_ID_BYTES) {
      throw new IllegalArgumentException(field + " must be at most " + MAX_ID_BYTES + " bytes of UTF-8");
    }
    if (id.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(field + " must not contain control characters");
    }
    return id;
  }

  /**
   * Checks a duration setting: not null, zero or positive.
   *
   * @throws IllegalArgumentException naming {@code field}
   */
  public static Duration nonNegative(String field, Duration value) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException(field + " must be zero or positive, was " + value);
    }
    return value;
  }
}
