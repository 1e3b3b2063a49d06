// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.support.StrictText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The data of a fence znode: the highest accepted token in exactly the form {@link
 * FencingToken#toString()} writes, as UTF-8: {@code ft:<value>} or {@code ft:<value>@<scope>};
 * since the write receipts, prefixed by the ids of the last writes ({@link State}).
 *
 * <p>Two formats are read. The first, written by earlier versions, is the token alone. The second,
 * written now, is {@code fw1:<ids>|<token>}: {@code <ids>} is one to {@value #WRITE_IDS} write ids
 * (16 lower-case hex digits each, separated by {@code ,}, oldest first), one per write that set
 * this data, the newest being the write that set it. Each write keeps the ids of the writes before
 * it, so after a lost answer a writer can tell whether its own write committed ({@link
 * LostAnswer}).
 *
 * <p>The format has no version header: it is the on-disk format of existing fence znodes, and a
 * header would make them unreadable. It is read strictly instead, with Baton's one strict decoder
 * ({@link StrictText}): at most {@value #MAX_BYTES} bytes, strict UTF-8, the prefix {@code ft:}, a
 * canonical decimal value ({@link StrictText#number}: no sign, no leading zero, at most {@code
 * Long.MAX_VALUE}), and, after an {@code @}, a non-empty scope that {@link FencingToken#of(String,
 * long)} accepts. Anything else, including the lenient forms {@link FencingToken#parse(String)}
 * takes (a bare number, {@code 007}), is malformed: a future format must change the prefix.
 */
final class FenceRecord {
  /**
   * The longest fence record, in bytes: {@code ft:}, 19 digits, {@code @} and a scope of 3-byte
   * chars.
   */
  static final int MAX_BYTES = 3 + 19 + 1 + 3 * FencingToken.MAX_SCOPE_LENGTH;

  /** How many write ids a record keeps: the last writes it can vouch for. */
  static final int WRITE_IDS = 8;

  /** The longest record of the second format, in bytes. */
  static final int MAX_RECORD_BYTES = 5 + WRITE_IDS * 17 + MAX_BYTES;

  private static final String PREFIX = "ft:";
  private static final String IDS_PREFIX = "fw1:";
  private static final HexFormat HEX = HexFormat.of();

  /**
   * A decoded fence znode: the token, and the ids of the last writes, oldest first (empty for a
   * record of the first format).
   */
  record State(FencingToken token, List<Long> writeIds) {
    State {
      writeIds = List.copyOf(writeIds);
    }

    /** The ids a write after this one records: the last ones kept, then {@code writeId}. */
    List<Long> idsAfter(long writeId) {
      List<Long> ids = new ArrayList<>(WRITE_IDS);
      ids.addAll(writeIds.subList(Math.max(0, writeIds.size() - (WRITE_IDS - 1)), writeIds.size()));
      ids.add(writeId);
      return ids;
    }
  }

  private FenceRecord() {}

  static byte[] encode(FencingToken token) {
    return token.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The record of the second format: {@code writeIds} (one to {@value #WRITE_IDS}), then token. */
  static byte[] encode(FencingToken token, List<Long> writeIds) {
    if (writeIds.isEmpty() || writeIds.size() > WRITE_IDS) {
      throw new IllegalArgumentException("1 to " + WRITE_IDS + " write ids: " + writeIds);
    }
    StringBuilder text = new StringBuilder(IDS_PREFIX);
    for (int i = 0; i < writeIds.size(); i++) {
      text.append(i == 0 ? "" : ",").append(HEX.toHexDigits(writeIds.get(i)));
    }
    return text.append('|').append(token).toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Reads a record of either format.
   *
   * @throws MalformedFenceException naming the znode and the problem
   */
  static State decodeState(String resource, String path, byte[] data) {
    if (data == null || !startsWith(data, IDS_PREFIX)) {
      return new State(decode(resource, path, data), List.of());
    }
    String text =
        StrictText.decode(
            data,
            MAX_RECORD_BYTES,
            problem -> new MalformedFenceException(resource, path, "it is " + problem));
    int bar = text.indexOf('|');
    if (bar < 0) {
      throw new MalformedFenceException(resource, path, "it has no '|' after the write ids");
    }
    String[] hex = text.substring(IDS_PREFIX.length(), bar).split(",", -1);
    if (hex.length > WRITE_IDS) {
      throw new MalformedFenceException(
          resource, path, "it has " + hex.length + " write ids, more than " + WRITE_IDS);
    }
    List<Long> ids = new ArrayList<>(hex.length);
    for (String h : hex) {
      if (h.length() != 16 || !h.chars().allMatch(c -> HEX.isHexDigit(c) && !isUpper(c))) {
        throw new MalformedFenceException(
            resource, path, "a write id is not 16 lower-case hex digits");
      }
      ids.add(HEX.fromHexDigitsToLong(h));
    }
    byte[] token = text.substring(bar + 1).getBytes(StandardCharsets.UTF_8);
    return new State(decode(resource, path, token), ids);
  }

  private static boolean isUpper(int c) {
    return c >= 'A' && c <= 'F';
  }

  private static boolean startsWith(byte[] data, String prefix) {
    if (data.length < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (data[i] != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads the data of the fence znode {@code path} of {@code resource}.
   *
   * @throws MalformedFenceException naming the znode and the problem
   */
  static FencingToken decode(String resource, String path, byte[] data) {
    String text =
        StrictText.decode(
            data,
            MAX_BYTES,
            problem -> new MalformedFenceException(resource, path, "it is " + problem));
    if (!text.startsWith(PREFIX)) {
      throw new MalformedFenceException(resource, path, "it does not start with '" + PREFIX + "'");
    }
    int at = text.indexOf('@', PREFIX.length());
    String digits = text.substring(PREFIX.length(), at < 0 ? text.length() : at);
    long value =
        StrictText.number(
            digits,
            Long.MAX_VALUE,
            "the token value",
            problem -> new MalformedFenceException(resource, path, problem));
    if (at < 0) {
      return FencingToken.of(value);
    }
    String scope = text.substring(at + 1);
    if (scope.isEmpty()) {
      throw new MalformedFenceException(resource, path, "the scope after '@' is empty");
    }
    try {
      return FencingToken.of(scope, value);
    } catch (IllegalArgumentException e) {
      throw new MalformedFenceException(
          resource,
          path,
          "the scope is invalid (longer than "
              + FencingToken.MAX_SCOPE_LENGTH
              + " characters, or a second '@' or a control character)");
    }
  }
}
