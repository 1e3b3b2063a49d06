// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import static dev.baton.bench.ResultLines.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.ResultLines;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The real-ZooKeeper handoff part of the assignment scenario, at a tiny size. */
class HandoffTimingTest {
  private static List<String> runScenario(List<String> args) throws Exception {
    return ResultLines.linesOf(() -> new AssignmentComparison().run(args));
  }

  @Test
  void aTinyGroupOnRealZooKeeperPrintsOneParsableLinePerEvent() throws Exception {
    List<String> lines =
        runScenario(
            List.of(
                "--partitions=20",
                "--events=5",
                "--assignors=baton",
                "--compute=false",
                "--handoff-partitions=20",
                "--handoff-members=3",
                "--handoff-trials=2",
                "--handoff-warmup=0",
                "--handoff-rebalance-delay-ms=50",
                "--handoff-rebalance-max-delay-ms=500",
                "--handoff-timeout-ms=30000"));
    List<String> handoff =
        lines.stream().filter(l -> l.startsWith("RESULT assignment-handoff ")).toList();
    assertThat(handoff).hasSize(3);
    List<String> events = new ArrayList<>();
    for (String line : handoff) {
      Map<String, String> r = parse(line);
      events.add(r.get("event"));
      // Two cycles of join, leave, join, crash: every removal is paired with a join.
      assertThat(r.get("trials")).isEqualTo(r.get("event").equals("join") ? "4" : "2");
      assertThat(r.get("partitions")).isEqualTo("20");
      assertThat(r.get("members")).isEqualTo("3");
      assertThat(r.get("rebalance_delay_ms")).isEqualTo("50");
      assertThat(r.get("rebalance_max_delay_ms")).isEqualTo("500");
      assertThat(r.get("session_timeout_ms")).isEqualTo("10000");
      double p50 = Double.parseDouble(r.get("p50_ms"));
      double p99 = Double.parseDouble(r.get("p99_ms"));
      double max = Double.parseDouble(r.get("max_ms"));
      // Nothing is published before the quiet period has passed.
      assertThat(p50).as(line).isGreaterThanOrEqualTo(50.0).isLessThanOrEqualTo(p99);
      assertThat(p99).as(line).isLessThanOrEqualTo(max).isLessThan(30_000.0);
      assertThat(Double.parseDouble(r.get("published_p50_ms")))
          .as(line)
          .isGreaterThanOrEqualTo(50.0);
      // 20 partitions between 3 and 4 members: 5 move on every change, the exact minimum.
      assertThat(Double.parseDouble(r.get("moved_mean"))).as(line).isEqualTo(5.0);
      assertThat(r.get("minimum_mean")).isEqualTo(r.get("moved_mean"));
    }
    assertThat(events).containsExactly("join", "leave", "crash");
  }

  @Test
  void handoffFalseSkipsIt() throws Exception {
    List<String> lines =
        runScenario(
            List.of(
                "--partitions=20",
                "--events=5",
                "--assignors=baton",
                "--compute=false",
                "--handoff=false"));
    assertThat(lines)
        .hasSize(1)
        .allSatisfy(l -> assertThat(l).startsWith("RESULT assignment assignor=baton"));
  }

  @Test
  void settingsAreCheckedBeforeAnythingRuns() {
    assertThatThrownBy(() -> runScenario(List.of("--handoff-partitions=3", "--handoff-members=3")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("handoff-partitions");
    assertThatThrownBy(() -> runScenario(List.of("--handoff-trials=0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("handoff-trials");
    assertThatThrownBy(() -> runScenario(List.of("--handoff-rebalance-delay-ms=5000")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rebalanceMaxDelay");
  }
}
