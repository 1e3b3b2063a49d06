package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencingToken;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The data of a fence znode: the highest accepted token in exactly the form
 * {@link FencingToken#toString()} writes, as UTF-8: {@code ft:<value>} or {@code ft:<value>@<scope>}.
 *
 * <p>The format has no version header: it is the on-disk format of existing fence znodes, and a header
 * would make them unreadable. It is read strictly instead: at most {@value #MAX_BYTES} bytes, strict
 * UTF-8, the prefix {@code ft:}, a canonical decimal value (no sign, no leading zero, at most
 * {@code Long.MAX_VALUE}), and, after an {@code @}, a non-empty scope that {@link FencingToken#of(String,
 * long)} accepts. Anything else, including the lenient forms {@link FencingToken#parse(String)} takes
 * (a bare number, {@code +1}, {@code 007}), is malformed: a future format must change the prefix.
 */
final class FenceRecord {
  /** The longest fence record, in bytes: {@code ft:}, 19 digits, {@code @} and a scope of 3-byte chars. */
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
    if (data == null || data.length == 0) {
      throw new MalformedFenceException(resource, path, "it is empty");
    }
    if (data.length > MAX_BYTES) {
      throw new MalformedFenceException(resource, path, "it holds " + data.length + " bytes, more than "
          + MAX_BYTES);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data)).toString();
    } catch (CharacterCodingException e) {
      throw new MalformedFenceException(resource, path, "it is not UTF-8");
    }
    if (!text.startsWith(PREFIX)) {
      throw new MalformedFenceException(resource, path, "it does not start with '" + PREFIX + "'");
    }
    int at = text.indexOf('@', PREFIX.length());
    String digits = text.substring(PREFIX.length(), at < 0 ? text.length() : at);
    long value = value(resource, path, digits);
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
      throw new MalformedFenceException(resource, path, "the scope is invalid (longer than "
          + FencingToken.MAX_SCOPE_LENGTH + " characters, or a second '@' or a control character)");
    }
  }

  private static long value(String resource, String path, String digits) {
    if (digits.isEmpty() || digits.length() > 19 || (digits.length() > 1 && digits.charAt(0) == '0')) {
      throw new MalformedFenceException(resource, path, "the token value is not a canonical number");
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        throw new MalformedFenceException(resource, path, "the token value is not a canonical number");
      }
    }
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new MalformedFenceException(resource, path, "the token value is out of range");
    }
  }
}
