// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import java.util.Locale;

/**
 * The libraries the ZooKeeper benchmarks compare: Baton, Curator, and the floor (raw ZooKeeper
 * handles doing the minimum; {@code floor_async} releases a lock without waiting for the delete).
 */
public enum Library {
  BATON,
  CURATOR,
  FLOOR,
  FLOOR_ASYNC;

  /** The name in arguments and result keys: {@code baton}, {@code curator}, ... */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws IllegalArgumentException for a name that is not a library's key
   */
  public static Library parse(String key) {
    for (Library l : values()) {
      if (l.key().equals(key)) {
        return l;
      }
    }
    throw new IllegalArgumentException("unknown library '" + key + "'");
  }
}
