// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.StrictText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The UTF-8 fence znode data: {@code fw1:<writes>;<forgotten>|<token>}, written now, or the token
 * alone ({@link FencingToken#toString()}) that earlier versions wrote. {@code <writes>} is 1 to
 * {@value #WRITERS} entries {@code <writer>.<seq>.<version>}, comma-separated, oldest first, one
 * per writer (a {@link ZkFence}: 16 lower-case hex digits): the sequence number of its last write
 * here and the znode version it set. {@code <forgotten>} is {@code -} or the highest version a
 * dropped entry held. {@link LostAnswer} reads them. Both are read strictly ({@link StrictText}:
 * strict UTF-8, bounded, canonical numbers); anything else, including {@link
 * FencingToken#parse(String)}'s lenient forms, is malformed: a future format must change the
 * prefix.
 */
final class FenceRecord {
  /** Longest token record in bytes: {@code ft:}, 19 digits, {@code @}, a scope of 3-byte chars. */
  static final int MAX_BYTES = 3 + 19 + 1 + 3 * FencingToken.MAX_SCOPE_LENGTH;

  /** How many writers a record remembers. */
  static final int WRITERS = 8;

  /** The longest record of the second format, in bytes. */
  static final int MAX_RECORD_BYTES = 4 + WRITERS * (16 + 1 + 19 + 1 + 10 + 1) + 11 + 1 + MAX_BYTES;

  private static final String PREFIX = "ft:";
  private static final String WRITES_PREFIX = "fw1:";
  private static final HexFormat HEX = HexFormat.of();

  /** The last write of one writer: its sequence number and the znode version it set. */
  record Write(long writer, long seq, int version) {}

  /**
   * A decoded znode: token, recent writers' last writes (oldest first), and the highest version a
   * dropped entry held (-1: none; {@link Integer#MAX_VALUE}: first format).
   */
  record State(FencingToken token, List<Write> writes, int forgotten) {
    State {
      writes = List.copyOf(writes);
    }

    /**
     * The record after {@code write} set {@code token}, having read this one at {@code version}:
     * the writer's entry moves to the end, the least recent one is dropped if there are too many.
     */
    State after(FencingToken token, Write write, int version) {
      List<Write> next = new ArrayList<>(WRITERS + 1);
      for (Write w : writes) {
        if (w.writer() != write.writer()) {
          next.add(w);
        }
      }
      next.add(write);
      // a record of the first format forgot every write up to its own version
      int dropped = forgotten == Integer.MAX_VALUE ? version : forgotten;
      while (next.size() > WRITERS) {
        dropped = Math.max(dropped, next.remove(0).version());
      }
      return new State(token, next, dropped);
    }

    Optional<Write> of(long writer) {
      return writes.stream().filter(w -> w.writer() == writer).findFirst();
    }
  }

  private FenceRecord() {}

  /** The record of the second format. */
  static byte[] encode(State state) {
    if (state.writes().isEmpty() || state.writes().size() > WRITERS) {
      throw new IllegalArgumentException("1 to " + WRITERS + " writes: " + state.writes());
    }
    StringBuilder text = new StringBuilder(WRITES_PREFIX);
    for (int i = 0; i < state.writes().size(); i++) {
      Write w = state.writes().get(i);
      text.append(i == 0 ? "" : ",")
          .append(HEX.toHexDigits(w.writer()))
          .append('.')
          .append(w.seq())
          .append('.')
          .append(w.version());
    }
    text.append(';').append(state.forgotten() < 0 ? "-" : Integer.toString(state.forgotten()));
    return text.append('|').append(state.token()).toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Reads a record of either format, or throws {@link MalformedFenceException}. */
  static State decodeState(String resource, String path, byte[] data) {
    if (data == null || !startsWith(data, WRITES_PREFIX)) {
      return new State(decode(resource, path, data), List.of(), Integer.MAX_VALUE);
    }
    Function<String, MalformedFenceException> bad = malformed(resource, path);
    String text =
        StrictText.decode(data, MAX_RECORD_BYTES, problem -> bad.apply("it is " + problem));
    int bar = text.indexOf('|');
    int semi = text.indexOf(';');
    if (bar < 0 || semi < 0 || semi > bar) {
      throw bad.apply("it has no ';<forgotten>|' after the writes");
    }
    String[] entries = text.substring(WRITES_PREFIX.length(), semi).split(",", -1);
    if (entries.length > WRITERS) {
      throw bad.apply("it has " + entries.length + " writes, more than " + WRITERS);
    }
    List<Write> writes = new ArrayList<>(entries.length);
    for (String e : entries) {
      String[] f = e.split("\\.", -1);
      if (f.length != 3
          || f[0].length() != 16
          || !f[0].chars().allMatch(c -> HEX.isHexDigit(c) && !isUpper(c))) {
        throw bad.apply("a write is not <16 lower-case hex digits>.<seq>.<version>");
      }
      writes.add(
          new Write(
              HEX.fromHexDigitsToLong(f[0]),
              StrictText.number(f[1], Long.MAX_VALUE, "a write's seq", bad),
              (int) StrictText.number(f[2], Integer.MAX_VALUE, "a write's version", bad)));
    }
    String forgotten = text.substring(semi + 1, bar);
    int dropped =
        forgotten.equals("-")
            ? -1
            : (int)
                StrictText.number(forgotten, Integer.MAX_VALUE - 1L, "the forgotten version", bad);
    byte[] token = text.substring(bar + 1).getBytes(StandardCharsets.UTF_8);
    return new State(decode(resource, path, token), writes, dropped);
  }

  private static boolean isUpper(int c) {
    return c >= 'A' && c <= 'F';
  }

  private static boolean startsWith(byte[] data, String prefix) {
    byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
    return data.length >= p.length && Arrays.equals(data, 0, p.length, p, 0, p.length);
  }

  private static Function<String, MalformedFenceException> malformed(String resource, String path) {
    return problem -> new MalformedFenceException(resource, path, problem);
  }

  /** Reads the token record in {@code path}, or throws {@link MalformedFenceException}. */
  static FencingToken decode(String resource, String path, byte[] data) {
    Function<String, MalformedFenceException> bad = malformed(resource, path);
    String text = StrictText.decode(data, MAX_BYTES, problem -> bad.apply("it is " + problem));
    if (!text.startsWith(PREFIX)) {
      throw bad.apply("it does not start with '" + PREFIX + "'");
    }
    int at = text.indexOf('@', PREFIX.length());
    String digits = text.substring(PREFIX.length(), at < 0 ? text.length() : at);
    long value = StrictText.number(digits, Long.MAX_VALUE, "the token value", bad);
    if (at < 0) {
      return FencingToken.of(value);
    }
    String scope = text.substring(at + 1);
    if (scope.isEmpty()) {
      throw bad.apply("the scope after '@' is empty");
    }
    try {
      return FencingToken.of(scope, value);
    } catch (IllegalArgumentException e) {
      throw bad.apply(
          "the scope is invalid (longer than %s characters, or a second '@' or a control character)"
              .formatted(FencingToken.MAX_SCOPE_LENGTH));
    }
  }
}
