// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.support.StrictText;
import java.nio.charset.StandardCharsets;

/**
 * The data of a fence znode: the highest accepted token in exactly the form {@link
 * FencingToken#toString()} writes, as UTF-8: {@code ft:<value>} or {@code ft:<value>@<scope>}.
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

  private static final String PREFIX = "ft:";

  private FenceRecord() {}

  static byte[] encode(FencingToken token) {
    return token.toString().getBytes(StandardCharsets.UTF_8);
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
