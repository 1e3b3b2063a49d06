// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fencing token of one ownership term: a non-negative value growing from term to term, and the
 * scope it was issued in (the recipes use the election or lock path; empty if unscoped). A fence
 * rejects tokens lower than the highest a resource accepted, so a paused or cut-off former owner
 * cannot overwrite its successor's work. Values of different scopes are not comparable, so a fence
 * binds each resource to the scope of its first token. Tokens order by value, then scope; {@link
 * #parse} reads the string form {@code ft:<value>[@<scope>]}.
 */
public record FencingToken(long value, String scope) implements Comparable<FencingToken> {
  private static final String PREFIX = "ft:";

  /** Longest scope accepted, in characters. */
  public static final int MAX_SCOPE_LENGTH = 512;

  private static final int QUOTED = 80;

  /** A token of {@code value} issued in {@code scope}, checked as {@link #of(String, long)}. */
  public FencingToken {
    Objects.requireNonNull(scope, "scope");
    if (value < 0) {
      throw new IllegalArgumentException("a fencing token cannot be negative: " + value);
    }
    if (scope.length() > MAX_SCOPE_LENGTH
        || scope.chars().anyMatch(c -> c == '@' || Character.isISOControl(c))) {
      throw new IllegalArgumentException(
          "invalid fencing token scope " + SafeText.quoted(scope, QUOTED));
    }
  }

  /**
   * Returns {@code path} if it can scope fencing tokens: at most {@value #MAX_SCOPE_LENGTH}
   * characters, no {@code @} (ZooKeeper allows both, but a candidate there would retry forever for
   * its token); else an {@link IllegalArgumentException} naming {@code kind}.
   */
  public static String checkScope(String kind, String path) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(path, "path");
    try {
      of(path, 0);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the %s path scopes its fencing tokens, so it must be at most %s characters without '@'"
              .formatted(kind, MAX_SCOPE_LENGTH),
          e);
    }
    return path;
  }

  /** An unscoped token; a negative {@code value} is an {@link IllegalArgumentException}. */
  public static FencingToken of(long value) {
    return of("", value);
  }

  /**
   * A token issued in {@code scope} ({@code ""} for none); an {@link IllegalArgumentException} if
   * {@code value} is negative or the scope too long or has '@' or a control character.
   */
  public static FencingToken of(String scope, long value) {
    return new FencingToken(value, scope);
  }

  /**
   * Reads {@code ft:123}, {@code ft:123@scope} or {@code 123}; the value is ASCII digits up to
   * {@code Long.MAX_VALUE} (leading zeros allowed; no sign, blank or non-ASCII digit). Malformed
   * input is an {@link IllegalArgumentException} quoting it safely for logs.
   */
  public static FencingToken parse(String text) {
    Objects.requireNonNull(text, "text");
    String body = text.startsWith(PREFIX) ? text.substring(PREFIX.length()) : text;
    int at = body.indexOf('@');
    String digits = at < 0 ? body : body.substring(0, at);
    String scope = at < 0 ? "" : body.substring(at + 1);
    if (!StrictText.isAsciiDigits(digits, 0, digits.length())) {
      throw malformed(text, "the value must be ASCII digits 0-9, without sign", null);
    }
    long value;
    try {
      value = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw malformed(text, "the value is more than " + Long.MAX_VALUE, e);
    }
    return of(scope, value);
  }

  private static IllegalArgumentException malformed(
      String text, String problem, @Nullable Throwable cause) {
    return new IllegalArgumentException(
        "not a fencing token: " + SafeText.quoted(text, QUOTED) + " (" + problem + ")", cause);
  }

  /** True if both tokens come from the same scope. */
  public boolean sameScopeAs(FencingToken other) {
    return scope.equals(Objects.requireNonNull(other, "other").scope);
  }

  /** True if this token's value is strictly greater than {@code other}'s. */
  public boolean isNewerThan(FencingToken other) {
    return value > Objects.requireNonNull(other, "other").value;
  }

  /** True if this token's value is strictly less than {@code other}'s. */
  public boolean isOlderThan(FencingToken other) {
    return value < Objects.requireNonNull(other, "other").value;
  }

  @Override
  public int compareTo(FencingToken other) {
    int byValue = Long.compare(value, other.value);
    return byValue != 0 ? byValue : scope.compareTo(other.scope);
  }

  @Override
  public String toString() {
    return scope.isEmpty() ? PREFIX + value : PREFIX + value + "@" + scope;
  }
}
