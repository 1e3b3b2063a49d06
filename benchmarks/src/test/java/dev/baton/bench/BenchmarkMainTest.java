// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchmarkMainTest {
  @Test
  void unknownScenarioOrNoneExitsWith2() {
    assertThat(BenchmarkMain.run(new String[] {"no-such-scenario"})).isEqualTo(2);
    assertThat(BenchmarkMain.run(new String[0])).isEqualTo(2);
  }

  @Test
  void invalidArgumentsOfAKnownScenarioExitWith2() {
    assertThat(BenchmarkMain.run(new String[] {"election-handover", "--no-such-key=1"}))
        .isEqualTo(2);
    assertThat(BenchmarkMain.run(new String[] {"election-handover", "--candidates=1"}))
        .isEqualTo(2);
  }

  @Test
  void settingsReadArgumentsThenSystemPropertiesThenDefaults() {
    System.setProperty("bench.warmup", "7");
    try {
      Settings s =
          Settings.parse(
              List.of("--handovers=5", "--trace", "candidates=3,4"),
              Set.of("handovers", "trace", "candidates", "warmup"));
      assertThat(s.integer("handovers", 200)).isEqualTo(5);
      assertThat(s.bool("trace", false)).isTrue();
      assertThat(s.integers("candidates", "10,100")).containsExactly(3, 4);
      assertThat(s.integer("warmup", 20)).isEqualTo(7);
      assertThat(s.string("other", "x")).isEqualTo("x");
    } finally {
      System.clearProperty("bench.warmup");
    }
  }

  @Test
  void settingsRejectUnknownKeysAndBadNumbers() {
    assertThatThrownBy(() -> Settings.parse(List.of("--handover=5"), Set.of("handovers")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("handover=5");
    Settings s = Settings.parse(List.of("--handovers=many"), Set.of("handovers"));
    assertThatThrownBy(() -> s.integer("handovers", 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
