// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.baton.bench.ResultLines;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ElectionScaleTest {
  @Test
  void printsOneResultLineWithBothLibrariesFiguresFromTheirOwnJvms() throws Exception {
    List<String> lines =
        ResultLines.linesOf(
            () ->
                new ElectionScale()
                    .run(
                        List.of(
                            "--candidates=4",
                            "--baseline-candidates=2",
                            "--handovers=2",
                            "--warmup=0",
                            "--child-heap-mb=128",
                            "--child-warmup=false",
                            "--fsync=false")));
    assertThat(lines).hasSize(1);
    Map<String, String> r = ResultLines.parse(lines.get(0));
    assertThat(r.get("")).isEqualTo("election-scale");
    assertThat(r.get("candidates")).isEqualTo("4");
    assertThat(r)
        .containsKeys(
            "join_all_ms",
            "handover_p50_ms",
            "handover_p99_ms",
            "handover_p50_ratio_vs_2",
            "heap_kb_per_candidate",
            "curator_join_all_ms",
            "curator_handover_p50_ms",
            "curator_handover_p99_ms",
            "curator_heap_kb_per_candidate",
            "ratio_p50");
    assertThat(r.get("server_warmup")).isEqualTo("4"); // as many raw sessions as candidates
    // each library joined once first and once second; join_all_ms is the mean of the two
    assertThat(r.get("join_orders")).isEqualTo("2");
    double batonMean =
        (Double.parseDouble(r.get("baton_join_first_ms"))
                + Double.parseDouble(r.get("baton_join_second_ms")))
            / 2;
    assertThat(Double.parseDouble(r.get("join_all_ms"))).isCloseTo(batonMean, within(1.0));
    // Each candidate has its own session: Curator's and ZooKeeper's threads at least, and
    // Baton's loops borrow pooled threads.
    assertThat(Double.parseDouble(r.get("threads_per_candidate"))).isBetween(3.0, 8.0);
    assertThat(Double.parseDouble(r.get("curator_threads_per_candidate"))).isBetween(3.0, 8.0);
    // Four in the queue: Curator's three followers watch their predecessors (3/4); Baton's too,
    // and every Baton candidate watches its own znode (7/4).
    assertThat(r.get("curator_watches_per_candidate")).isEqualTo("0.750");
    assertThat(r.get("watches_per_candidate")).isEqualTo("1.750");
    assertThat(Double.parseDouble(r.get("handover_p50_ms"))).isPositive();
    assertThat(Double.parseDouble(r.get("curator_handover_p50_ms"))).isPositive();
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg :
        List.of(
            "--candidates=1",
            "--server-warmup=-1",
            "--handovers=0",
            "--child-heap-mb=8",
            "--x=1")) {
      assertThatThrownBy(() -> new ElectionScale().run(List.of(arg)))
          .as(arg)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
