// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InterleavingTest {
  @Test
  void twoContendersTakeTurnsInAbbaOrder() {
    List<String> ab = List.of("a", "b");
    assertThat(Interleaving.order(ab, 0)).containsExactly("a", "b");
    assertThat(Interleaving.order(ab, 1)).containsExactly("b", "a");
    assertThat(Interleaving.order(ab, 2)).containsExactly("b", "a");
    assertThat(Interleaving.order(ab, 3)).containsExactly("a", "b");
  }

  @Test
  void threeContendersGoThroughAllSixOrdersInSixRounds() {
    Set<List<String>> seen = new HashSet<>();
    for (int round = 0; round < 6; round++) {
      seen.add(Interleaving.order(List.of("b", "c", "f"), round));
    }
    assertThat(seen).hasSize(6);
  }

  @Test
  void everyContenderHoldsEveryPositionEquallyOften() {
    List<String> four = List.of("a", "b", "c", "d");
    int[][] counts = new int[4][4];
    for (int round = 0; round < 8; round++) {
      List<String> order = Interleaving.order(four, round);
      for (int position = 0; position < 4; position++) {
        counts[four.indexOf(order.get(position))][position]++;
      }
    }
    for (int[] positions : counts) {
      assertThat(positions).containsOnly(2);
    }
  }
}
