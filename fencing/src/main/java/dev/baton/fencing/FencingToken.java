package dev.baton.fencing;

import java.util.Objects;

/**
 * The fencing token of one ownership term: a non-negative number that only grows from one term to the
 * next on the same resource.
 *
 * <p>A store that protects a resource remembers the highest token it has accepted and rejects any write
 * that presents a lower one, so a former owner that paused or lost its network cannot overwrite the work
 * of its successor. Tokens are plain values: equal numbers are equal tokens, and they order by number.
 *
 * <p>Baton's ZooKeeper recipes take the token from the creation zxid ({@code czxid}) of the znode that
 * made the owner; see the recipes module for why that value is monotonic.
 *
 * <p>The string form is {@code ft:<decimal value>}, for example {@code ft:4294967302}, and
 * {@link #parse(String)} reads it back (a bare decimal number is accepted too).
 */
public final class FencingToken implements Comparable<FencingToken> {
  private static final String PREFIX = "ft:";

  private final long value;

  private FencingToken(long value) {
    this.value = value;
  }

  /**
   * Returns the token with the given value.
   *
   * @throws IllegalArgumentException if {@code value} is negative
   */
  public static FencingToken of(long value) {
    if (value < 0) {
      throw new IllegalArgumentException("a fencing token cannot be negative: " + value);
    }
    return new FencingToken(value);
  }

  /**
   * Reads a token from its string form, {@code ft:123} or {@code 123}.
   *
   * @throws IllegalArgumentException if the text is null, malformed or negative
   */
  public static FencingToken parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("a fencing token cannot be null");
    }
    String digits = text.startsWith(PREFIX) ? text.substring(PREFIX.length()) : text;
    try {
      return of(Long.parseLong(digits));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a fencing token: '" + text + "'", e);
    }
  }

  /** The token's value. */
  public long value() {
    return value;
  }

  /** True if this token is strictly newer than {@code other}. */
  public boolean isNewerThan(FencingToken other) {
    return compareTo(Objects.requireNonNull(other, "other")) > 0;
  }

  /** True if this token is strictly older than {@code other}. */
  public boolean isOlderThan(FencingToken other) {
    return compareTo(Objects.requireNonNull(other, "other")) < 0;
  }

  @Override
  public int compareTo(FencingToken other) {
    return Long.compare(value, other.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FencingToken && ((FencingToken) o).value == value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }

  @Override
  public String toString() {
    return PREFIX + value;
  }
}
