// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.ResultLines;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** A tiny run of election-handover: Baton, Curator and the floor, three candidates each. */
class ElectionHandoverTest {
  /** The ratios are computed from unrounded latencies, the check from the printed ones. */
  private static final Offset<Double> ROUNDING = Offset.offset(0.01);

  @Test
  void printsTheFloorBesideBothLibraries() throws Exception {
    List<String> lines =
        ResultLines.linesOf(
            () ->
                new ElectionHandover()
                    .run(
                        List.of(
                            "--candidates=3",
                            "--warmup=1",
                            "--handovers=3",
                            "--fsync=false",
                            "--handover-timeout-ms=20000")));
    assertThat(lines).hasSize(1);
    Map<String, String> r = ResultLines.parse(lines.get(0));
    assertThat(r.get("")).isEqualTo("election-handover");
    assertThat(r.get("candidates")).isEqualTo("3");
    double baton = Double.parseDouble(r.get("baton_p50_ms"));
    double curator = Double.parseDouble(r.get("curator_p50_ms"));
    double floor = Double.parseDouble(r.get("floor_p50_ms"));
    assertThat(floor).isPositive();
    assertThat(Double.parseDouble(r.get("floor_p99_ms"))).isGreaterThanOrEqualTo(floor);
    assertThat(Double.parseDouble(r.get("ratio_p50_floor"))).isCloseTo(baton / floor, ROUNDING);
    assertThat(Double.parseDouble(r.get("curator_ratio_p50_floor")))
        .isCloseTo(curator / floor, ROUNDING);
    assertThat(Double.parseDouble(r.get("ratio_p50"))).isCloseTo(baton / curator, ROUNDING);
    // The floor's handover: the leader's delete and closeSession, the successor's one getChildren.
    assertThat(r.get("floor_requests_per_handover")).isEqualTo("3.00");
    assertThat(r.get("floor_successor_requests")).isEqualTo("1.00");
    assertThat(r).containsKeys("requests_per_handover", "curator_requests_per_handover");
  }
}
