// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

class CliTest {
  static final class Options {
    @Mixin Handovers rounds = new Handovers(20, 200);

    @Option(names = "--candidates", split = ",", defaultValue = "10,100")
    List<Integer> candidates;

    @Option(names = "--trace", arity = "0..1", fallbackValue = "true", defaultValue = "false")
    boolean trace;

    @Option(names = "--fsync", arity = "0..1", fallbackValue = "true", defaultValue = "true")
    boolean fsync;
  }

  @Test
  void argumentsThenSystemPropertiesThenDefaults() {
    System.setProperty("bench.warmup", "7");
    try {
      Options o = new Options();
      assertThat(
              Cli.parse(
                  o, List.of("--handovers=5", "--trace", "--candidates=3,4", "--fsync=false")))
          .isTrue();
      assertThat(o.rounds.handovers()).isEqualTo(5);
      assertThat(o.trace).isTrue();
      assertThat(o.fsync).isFalse();
      assertThat(o.candidates).containsExactly(3, 4);
      assertThat(o.rounds.warmup()).isEqualTo(7);
    } finally {
      System.clearProperty("bench.warmup");
    }
    Options d = new Options();
    Cli.parse(d, List.of());
    assertThat(d.rounds.warmup()).isEqualTo(20);
    assertThat(d.rounds.handovers()).isEqualTo(200);
    assertThat(d.candidates).containsExactly(10, 100);
    assertThat(d.trace).isFalse();
    assertThat(d.fsync).isTrue();
  }

  @Test
  void unknownOptionsAndBadNumbersAreInvalidArguments() {
    assertThatThrownBy(() -> Cli.parse(new Options(), List.of("--handover=5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--handover=5");
    assertThatThrownBy(() -> Cli.parse(new Options(), List.of("--handovers=many")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("many");
  }

  @Test
  void helpRunsNothing() {
    assertThat(Cli.parse(new Options(), List.of("--help"))).isFalse();
    assertThat(BenchmarkMain.run(new String[] {"lock", "--help"})).isZero();
  }
}
