// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

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
}
