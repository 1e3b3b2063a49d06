// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which a benchmark's contenders take their turn in round r: the list rotated by r,
 * reversed every second cycle of {@code size} rounds (ABBA for two), so that each holds each
 * position equally often per {@code 2 * size} rounds.
 */
public final class Interleaving {
  private Interleaving() {}

  /**
   * The order of round {@code round} (0-based).
   *
   * @param items the contenders, in their base order
   * @param round the round number, at least 0
   * @return a new list with the same elements in this round's order
   */
  public static <T> List<T> order(List<T> items, int round) {
    if (round < 0) {
      throw new IllegalArgumentException("round must be at least 0, was " + round);
    }
    List<T> out = new ArrayList<>(items);
    if (out.isEmpty()) {
      return out;
    }
    Collections.rotate(out, -(round % out.size()));
    if ((round / out.size()) % 2 == 1) {
      Collections.reverse(out);
    }
    return out;
  }
}
