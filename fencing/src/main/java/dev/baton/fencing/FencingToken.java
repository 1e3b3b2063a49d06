// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fencing token of one ownership term: a non-negative number that only grows from one term to
 * the next, and the scope it was issued in.
 *
 * <p>A fence remembers the highest token a resource accepted and rejects lower ones, so a former
 * owner that paused or lost its network cannot overwrite its successor's work. The scope names
 * where the token came from (Baton's recipes use the election or lock path); numbers of different
 * scopes are not comparable, so a fence binds each resource to the scope of the first token it
 * accepted. An unscoped token has the empty scope.
 *
 * <p>Tokens order by value, then by scope. The string form is {@code ft:<value>} or {@code
 * ft:<value>@<scope>}, for example {@code ft:4294967302@/billing/leader}; {@link #parse} reads it.
 *
 * @param value the token's value
 * @param scope where the token was issued; empty for an unscoped token
 */
public record FencingToken(long value, String scope) implements Comparable<FencingToken> {
  private static final String PREFIX = "ft:";

  /** Longest scope accepted, in characters. */
  public static final int MAX_SCOPE_LENGTH = 512;

  /** How many characters of rejected input an exception message quotes (escaped). */
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
   * Checks that {@code path}, the name of what a recipe coordinates, can scope fencing tokens: at
   * most {@value #MAX_SCOPE_LENGTH} characters, no {@code @}. ZooKeeper allows both, but a term on
   * such a path could never be given its token: the candidate would retry forever without leading.
   *
   * @param kind what the path is for, e.g. "election", named in the message
   * @return {@code path}
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException naming the problem
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

  /**
   * An unscoped token.
   *
   * @throws IllegalArgumentException if {@code value} is negative
   */
  public static FencingToken of(long value) {
    return of("", value);
  }

  /**
   * A token issued in {@code scope}.
   *
   * @throws NullPointerException if {@code scope} is null (an unscoped token's scope is {@code ""})
   * @throws IllegalArgumentException if {@code value} is negative or the scope is too long or
   *     contains '@' or a control character
   */
  public static FencingToken of(String scope, long value) {
    return new FencingToken(value, scope);
  }

  /**
   * Reads a token from its string form: {@code ft:123}, {@code ft:123@scope} or a bare {@code 123}.
   *
   * <p>The value is ASCII digits {@code 0-9} only, at most {@code Long.MAX_VALUE}: a sign, a blank
   * and other Unicode digits, which {@link Long#parseLong} would accept, are malformed; leading
   * zeros are accepted. Rejected input is quoted escaped and abbreviated, so it cannot forge a log
   * line.
   *
   * @throws NullPointerException if {@code text} is null
   * @throws IllegalArgumentException if the text is malformed or its value out of range
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
