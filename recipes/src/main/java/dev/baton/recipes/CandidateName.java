// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import java.util.Locale;
import java.util.Optional;

/**
 * The parsed name of a candidate znode: {@code _c_<protected uuid>-<candidate key>-n_<sequence>}.
 * The prefix is Curator's protected mode; the key is random per election instance, so a candidate
 * recognises every znode it created in any session and never takes another's for its own. The
 * sequence is ZooKeeper's {@code %010d} suffix, a signed 32-bit counter (negative after wrapping).
 * Parsing is strict and total: a lower-case hex UUID, a key of 1 to 32 {@code [0-9a-z]}, the
 * sequence exactly as ZooKeeper prints it; any other name parses to empty (callers ignore it).
 */
record CandidateName(String name, String key, int sequence) {
  /** The node name given to create; ZooKeeper appends the sequence. */
  public static final String SUFFIX = "-n_";

  private static final String PROTECTED = "_c_";
  private static final int UUID_LENGTH = 36;
  private static final int KEY_START = PROTECTED.length() + UUID_LENGTH + 1;
  private static final int MAX_KEY = 32;
  private static final int MIN_SEQUENCE_LENGTH = 10;
  private static final int MAX_SEQUENCE_LENGTH = 11;

  /** The longest candidate name: prefix, uuid, dash, the longest key, suffix and sequence. */
  public static final int MAX_LENGTH = KEY_START + MAX_KEY + SUFFIX.length() + MAX_SEQUENCE_LENGTH;

  /** Parses a child name, empty if foreign or malformed; no regex: it runs on every listing. */
  public static Optional<CandidateName> parse(String name) {
    if (name == null
        || name.length() > MAX_LENGTH
        || name.length() < KEY_START + 1 + SUFFIX.length() + MIN_SEQUENCE_LENGTH
        || !name.startsWith(PROTECTED)
        || !isUuid(name, PROTECTED.length())
        || name.charAt(KEY_START - 1) != '-') {
      return Optional.empty();
    }
    int suffix = name.lastIndexOf(SUFFIX);
    if (suffix <= KEY_START || suffix - KEY_START > MAX_KEY || !isKey(name, KEY_START, suffix)) {
      return Optional.empty();
    }
    int digits = suffix + SUFFIX.length();
    int count = name.length() - digits;
    if (count < MIN_SEQUENCE_LENGTH || count > MAX_SEQUENCE_LENGTH) {
      return Optional.empty();
    }
    if (!isCanonicalSequence(name, digits)) {
      return Optional.empty(); // not as ZooKeeper prints it: an alias of another name's sequence
    }
    int sequence;
    try {
      sequence = Integer.parseInt(name, digits, name.length(), 10);
    } catch (NumberFormatException outOfRange) {
      return Optional.empty();
    }
    return Optional.of(new CandidateName(name, name.substring(KEY_START, suffix), sequence));
  }

  /** The sequence suffix as ZooKeeper prints it. */
  static String sequenceText(int sequence) {
    return String.format(Locale.ROOT, "%010d", sequence);
  }

  /** Whether {@code name} from {@code at} on is a sequence exactly as {@code %010d} prints it. */
  static boolean isCanonicalSequence(String name, int at) {
    int end = name.length();
    boolean negative = at < end && name.charAt(at) == '-';
    int first = negative ? at + 1 : at;
    int width = end - first;
    if (!StrictText.isAsciiDigits(name, first, end)) {
      return false;
    }
    if (!negative) {
      return width == MIN_SEQUENCE_LENGTH;
    }
    if (width == MIN_SEQUENCE_LENGTH - 1) {
      for (int i = first; i < end; i++) {
        if (name.charAt(i) != '0') {
          return true;
        }
      }
      return false; // "-000000000"
    }
    return width == MIN_SEQUENCE_LENGTH && name.charAt(first) != '0';
  }

  /** A child name for logs: at most 100 characters, non-printable ASCII escaped (no forging). */
  public static String printable(String name) {
    return SafeText.printable(name, 100);
  }

  /** The name to pass to a protected sequential create for a candidate with {@code key}. */
  public static String prefixFor(String key) {
    if (key == null || key.isEmpty() || key.length() > MAX_KEY || !isKey(key, 0, key.length())) {
      throw new IllegalArgumentException("invalid candidate key " + key);
    }
    return key + SUFFIX;
  }

  private static boolean isKey(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isUuid(String s, int at) {
    for (int i = 0; i < UUID_LENGTH; i++) {
      char c = s.charAt(at + i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      if (dash ? c != '-' : !hex) {
        return false;
      }
    }
    return true;
  }

  /** The sequence as an unsigned 32-bit position on the counter's circle. */
  long unsignedSequence() {
    return Integer.toUnsignedLong(sequence);
  }
}
