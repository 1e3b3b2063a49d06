// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exit decision of {@code benchmarks/run chaos}. */
class ChaosBenchmarkTest {
  @Test
  void withAFenceAnyViolationFailsTheRun() {
    assertThat(ChaosBenchmark.verdict(FenceKind.SQL, List.of())).isEmpty();
    assertThat(ChaosBenchmark.verdict(FenceKind.ZK, List.of("p0: stale")))
        .hasValue("1 violations, first: p0: stale");
  }

  @Test
  void withoutAFenceFindingNoViolationFailsTheRun() {
    assertThat(ChaosBenchmark.verdict(FenceKind.NONE, List.of()))
        .hasValueSatisfying(m -> assertThat(m).contains("negative control failed"));
    assertThat(ChaosBenchmark.verdict(FenceKind.NONE, List.of("p0: stale"))).isEmpty();
  }

  @Test
  void theNegativeControlNeedsBothCheckersToFindViolations() {
    assertThat(ChaosBenchmark.verdict(FenceKind.NONE, List.of("p0: stale"), List.of()))
        .hasValueSatisfying(m -> assertThat(m).contains("independent checker found no violation"));
    assertThat(ChaosBenchmark.verdict(FenceKind.NONE, List.of("p0: stale"), List.of("p0: back")))
        .isEmpty();
    assertThat(ChaosBenchmark.verdict(FenceKind.SQL, List.of(), List.of())).isEmpty();
    assertThat(ChaosBenchmark.verdict(FenceKind.SQL, List.of("disagree"), List.of("p0: back")))
        .hasValue("1 violations, first: disagree");
  }
}
