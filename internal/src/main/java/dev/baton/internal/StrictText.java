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
 * token, a candidate's id, a group's records), which may be hand-written or damaged: the exact form
 * Baton writes, or a problem in words that the caller's {@code malformed} function turns into its
 * own exception (naming its znode) to throw. Problems quote no record content: safe to log.
 */
public final class StrictText {
  private static final int MAX_LONG_DIGITS = 19;

  private StrictText() {}

  /** Strict UTF-8 of 1 to {@code maxBytes} bytes (problems: empty, too many bytes, not UTF-8). */
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
   * The lines of {@code data}: decoded, split at {@code '\n'} (a final newline adds an empty line),
   * none with a C0, DEL or C1 control character ({@code "control character on line <n>"}).
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
   * The value of the canonical decimal {@code text} (as {@link Long#toString(long)} writes it;
   * {@code 007}, {@code +7}, {@code ٧} are malformed), 0 to {@code max}.
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

  /** Whether {@code text[from, to)} is one or more ASCII digits (not other Unicode digits). */
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
