// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandoversTest {
  @Test
  void warmUpRoundsFirstUnrecordedThenMeasuredRoundsInInterleavingOrder() throws Exception {
    List<String> turns = new ArrayList<>();
    List<Integer> progress = new ArrayList<>();
    new Handovers(1, 3)
        .run(
            List.of("a", "b"),
            (side, record) -> turns.add(side + (record ? "+" : "-")),
            2,
            (done, total, seconds) -> progress.add(done * 10 + total));
    assertThat(turns).containsExactly("a-", "b-", "b+", "a+", "b+", "a+", "a+", "b+");
    assertThat(progress).containsExactly(24, 44);
  }

  @Test
  void checkRejectsNegativeWarmUpAndNoMeasuredHandover() {
    assertThatThrownBy(() -> new Handovers(-1, 3).check())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Handovers(0, 0).check())
        .isInstanceOf(IllegalArgumentException.class);
  }
}
