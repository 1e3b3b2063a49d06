// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import java.util.List;
import java.util.Locale;

/**
 * The two election recipes compared: Baton's {@code LeaderElection}, Curator's {@code LeaderLatch}.
 */
enum Library {
  BATON,
  CURATOR;

  /** The name in arguments and result keys: {@code baton}, {@code curator}. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws IllegalArgumentException for a name other than {@code baton} or {@code curator}
   */
  static Library parse(String key) {
    for (Library l : values()) {
      if (l.key().equals(key)) {
        return l;
      }
    }
    throw new IllegalArgumentException("library must be baton or curator, was '" + key + "'");
  }

  /**
   * The order of the two libraries in round {@code round} (from 0): ABBA, so that neither always
   * goes first (B C, C B, C B, B C, ...).
   */
  static List<Library> order(int round) {
    return round % 4 == 0 || round % 4 == 3 ? List.of(BATON, CURATOR) : List.of(CURATOR, BATON);
  }
}
