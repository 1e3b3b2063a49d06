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
 * token, a candidate's id, a group's records), which may have been written by hand, by another
 * program or damaged: the exact form Baton writes, or a problem in words, which the caller's {@code
 * malformed} function turns into its own exception (naming its znode) for the decoder to throw.
 * Problems quote no content of the record, so they are safe to log.
 */
public final class StrictText {
  /** Longest canonical decimal that can be a {@code long}. */
  private static final int MAX_LONG_DIGITS = 19;

  private StrictText() {}

  /**
   * The text of {@code data}: 1 to {@code maxBytes} bytes of UTF-8, decoded strictly (a malformed
   * sequence is an error, never replaced by U+FFFD).
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
   * newline gives a last, empty line), none with a control character (C0, DEL or C1).
   *
   * @param malformed makes the caller's exception from a problem: those of {@link #decode}, or
   *     {@code "control character on line <n>"} (lines counted from 1)
   */
  public static List<String> lines(
      byte[] data, int maxBytes, Function<String, ? extends RuntimeException> malformed) {
    List<String> lines = Arrays.asList(decode(data, maxBytes, malformed).split("\n", -1));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).chars().anyMatch(Character::isISOControl)) {
        throw malformed.apply("control character on line " + (i + 1));
      }
    }
    return lines;
  }

  /**
   * The value of {@code text}, a canonical decimal from 0 to {@code max}, as {@link
   * Long#toString(long)} writes it: ASCII digits, no sign, no leading zero ({@code 007}, {@code +7}
   * and {@code ٧} are malformed).
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
   * Whether {@code text} from {@code from} to {@code to} (exclusive) is one or more ASCII digits
   * {@code 0-9} (not other Unicode digits, which {@link Long#parseLong} accepts).
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
