// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    assertThat(BenchmarkMain.run(new String[] {"history-check", "--directory=x"})).isEqualTo(2);
  }

  @Test
  void historyCheckFindsNoHistoryInAnEmptyDirectory(@TempDir Path dir) {
    assertThat(BenchmarkMain.run(new String[] {"history-check", "--dir=" + dir})).isEqualTo(1);
  }
}
