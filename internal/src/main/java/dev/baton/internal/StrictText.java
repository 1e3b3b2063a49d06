// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The one strict decoder of the small text records Baton writes to znodes and reads back (a fence's
 * token, a candidate's id, a group's member, owner, assignment and partition set records). Whatever
 * is read from ZooKeeper may have been written by hand, by another program or damaged, so it is
 * read strictly and totally: either the exact form Baton writes, or a problem described in words.
 *
 * <ul>
 *   <li>{@link #decode}: 1 to {@code maxBytes} bytes of UTF-8, decoded strictly (a malformed or
 *       unmappable sequence is an error, never replaced by U+FFFD).
 *   <li>{@link #lines}: the lines of a text record, every line (the header line included) free of
 *       control characters.
 *   <li>{@link #number}: the one number parser: a canonical decimal, ASCII digits only, no sign, no
 *       leading zero (except {@code 0} itself), at most a bound.
 * </ul>
 *
 * <p>Problems are passed to the caller's {@code malformed} function, which makes the caller's own
 * exception (each record keeps its exception type and names its znode); the decoder throws what it
 * returns. Problem descriptions contain no content of the record, so they are safe to log; callers
 * that quote content use {@link SafeText}.
 */
public final class StrictText {
  /** Longest canonical decimal that can be a {@code long}. */
  private static final int MAX_LONG_DIGITS = 19;

  private StrictText() {}

  /**
   * The text of {@code data}.
   *
   * @param malformed makes the caller's exception from a problem: {@code "empty"}, {@code "<n>
   *     bytes, more than <maxBytes>"} or {@code "not UTF-8"}
   */
  public static String decode(
      byte[] data, int maxBytes, Function<String, ? extends RuntimeException> malformed) {
    if (data == null || data.length == 0) {
      throw malformed.apply("empty");
    }
    if (data.length > maxBytes) {
      throw malformed.apply(data.length + " bytes, more than " + maxBytes);
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data))
          .toString();
    } catch (CharacterCodingException e) {
      throw malformed.apply("not UTF-8");
    }
  }

  /**
   * The lines of the text record {@code data}: {@link #decode}d, split at {@code '\n'} (a final
   * newline gives a last, empty line), and every line, the first (header) line included, checked
   * for control characters ({@link #isControl}).
   *
   * @param malformed makes the caller's exception from a problem: those of {@link #decode}, or
   *     {@code "control character on line <n>"} (lines counted from 1)
   */
  public static List<String> lines(
      byte[] data, int maxBytes, Function<String, ? extends RuntimeException> malformed) {
    List<String> lines = Arrays.asList(decode(data, maxBytes, malformed).split("\n", -1));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).chars().anyMatch(StrictText::isControl)) {
        throw malformed.apply("control character on line " + (i + 1));
      }
    }
    return lines;
  }

  /**
   * Whether {@code c} is a control character: C0 ({@code U+0000..U+001F}), DEL or C1 ({@code
   * U+007F..U+009F}). No record Baton writes contains one.
   */
  public static boolean isControl(int c) {
    return Character.isISOControl(c);
  }

  /**
   * The value of {@code text}, a canonical decimal number from 0 to {@code max}: ASCII digits only,
   * no sign, no blank, no leading zero except {@code "0"} itself. This is the form {@link
   * Long#toString(long)} writes, and the only one Baton accepts: {@code 007}, {@code +7} and {@code
   * ٧} are malformed.
   *
   * @param max the largest value accepted, at least 0
   * @param what the number's name in the problem, e.g. {@code "field 'generation'"}
   * @param malformed makes the caller's exception from a problem: {@code "<what> is not a canonical
   *     number"} or {@code "<what> is out of range: more than <max>"}
   */
  public static long number(
      String text, long max, String what, Function<String, ? extends RuntimeException> malformed) {
    if (max < 0) {
      throw new IllegalArgumentException("max must be zero or positive, was " + max);
    }
    if (text == null
        || !isAsciiDigits(text, 0, text.length())
        || (text.length() > 1 && text.charAt(0) == '0')) {
      throw malformed.apply(what + " is not a canonical number");
    }
    long value = -1;
    if (text.length() <= MAX_LONG_DIGITS) {
      try {
        value = Long.parseLong(text);
      } catch (NumberFormatException aboveLongMax) {
        value = -1;
      }
    }
    if (value < 0 || value > max) {
      throw malformed.apply(what + " is out of range: more than " + max);
    }
    return value;
  }

  /**
   * Whether {@code text} has at least one character from {@code from} to {@code to} (exclusive) and
   * all of them are the ASCII digits {@code 0-9} (not other Unicode digits, which {@link
   * Character#isDigit} and {@link Long#parseLong} accept).
   */
  public static boolean isAsciiDigits(CharSequence text, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }
}
