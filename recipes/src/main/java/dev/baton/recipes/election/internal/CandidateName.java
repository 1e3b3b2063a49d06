package dev.baton.recipes.election.internal;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parsed name of a candidate znode: {@code _c_<protected uuid>-<candidate key>-n_<sequence>}.
 *
 * <p>The {@code _c_<uuid>-} prefix is Curator's protected mode; the candidate key is random per
 * election instance, so a candidate recognises every znode it created in any session (orphans of a
 * create that failed on connection loss, nodes of an expired session) and never mistakes another
 * candidate's znode for its own. The sequence is ZooKeeper's suffix: the parent's cversion printed with
 * {@code %010d}, a signed 32-bit counter, so it can be negative after wrapping
 * ({@code -2147483648}).
 *
 * @param name the child name as listed by ZooKeeper
 * @param key the candidate key
 * @param sequence the sequence suffix as a signed int
 */
public record CandidateName(String name, String key, int sequence) {
  /** The node name given to create; ZooKeeper appends the sequence. */
  public static final String SUFFIX = "-n_";

  private static final Pattern PATTERN =
      Pattern.compile("^_c_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}-"
          + "([0-9a-z]{1,32})-n_(-?[0-9]{9,10})$");
  private static final Pattern KEY = Pattern.compile("^[0-9a-z]{1,32}$");

  /** Parses a child name; empty for a foreign or malformed name. */
  public static Optional<CandidateName> parse(String name) {
    if (name == null) {
      return Optional.empty();
    }
    Matcher m = PATTERN.matcher(name);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new CandidateName(name, m.group(1), Integer.parseInt(m.group(2))));
    } catch (NumberFormatException outOfRange) {
      return Optional.empty();
    }
  }

  /** The name to pass to a protected sequential create for a candidate with {@code key}. */
  public static String prefixFor(String key) {
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("invalid candidate key " + key);
    }
    return key + SUFFIX;
  }

  /** The sequence as an unsigned 32-bit position on the counter's circle. */
  long unsignedSequence() {
    return Integer.toUnsignedLong(sequence);
  }
}
