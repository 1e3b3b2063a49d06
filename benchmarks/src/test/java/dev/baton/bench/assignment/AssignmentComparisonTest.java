// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import static dev.baton.bench.ResultLines.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.ResultLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AssignmentComparisonTest {
  private static List<String> runScenario(List<String> args) throws Exception {
    return ResultLines.linesOf(() -> new AssignmentComparison().run(args));
  }

  @Test
  void aTinyTracePrintsOneParsableLinePerAssignorAndTheComputeLines() throws Exception {
    List<String> lines =
        runScenario(
            List.of(
                "--handoff=false",
                "--partitions=60",
                "--events=40",
                "--start-members=4",
                "--min-members=2",
                "--max-members=8",
                "--compute-partitions=300",
                "--compute-members=30",
                "--compute-warmup=5",
                "--compute-runs=10",
                "--compute-kafka-runs=5"));
    assertThat(lines).hasSize(6);
    List<String> assignors = new ArrayList<>();
    for (String line : lines.subList(0, 4)) {
      Map<String, String> r = parse(line);
      assertThat(r.get("")).isEqualTo("assignment");
      assignors.add(r.get("assignor"));
      assertThat(r.get("events")).isEqualTo("40");
      assertThat(r.get("moves_ratio")).matches("\\d+\\.\\d\\d");
      assertThat(Double.parseDouble(r.get("moves_ratio"))).isGreaterThanOrEqualTo(1.0);
      assertThat(Double.parseDouble(r.get("moves_ratio_mean"))).isGreaterThanOrEqualTo(1.0);
      assertThat(Long.parseLong(r.get("moved_total")))
          .isGreaterThanOrEqualTo(Long.parseLong(r.get("minimum_total")));
      assertThat(Integer.parseInt(r.get("imbalance")))
          .isLessThanOrEqualTo(1); // all four balance one topic
    }
    assertThat(assignors).containsExactly("baton", "cooperative-sticky", "sticky", "range");
    Map<String, String> baton = parse(lines.get(0));
    assertThat(baton.get("moves_ratio")).isEqualTo("1.00");
    assertThat(baton.get("moved_total")).isEqualTo(baton.get("minimum_total"));

    assertThat(lines.get(4))
        .startsWith("RESULT assignment-compute partitions=300 members=30 p50_ms=");
    Map<String, String> compute = parse(lines.get(4));
    for (String key : List.of("p50_ms", "p99_ms", "max_ms")) {
      assertThat(Double.parseDouble(compute.get(key))).as(key).isPositive();
    }
    Map<String, String> sticky = parse(lines.get(5));
    assertThat(sticky.get("assignor")).isEqualTo("sticky");
    assertThat(Double.parseDouble(sticky.get("ratio"))).isPositive();
    assertThat(sticky.get("warmup")).as("the same warm-up as Baton").isEqualTo("5");
    assertThat(sticky.get("runs")).isEqualTo("5");
  }

  @Test
  void theMinimumGivesTheExtraSlotsToTheBiggestHolders() {
    Map<Integer, String> before = new HashMap<>();
    for (int p = 0; p < 10; p++) {
      before.put(p, p < 4 ? "a" : p < 7 ? "b" : "c"); // a 4, b 3, c 3
    }
    // c leaves: 2 members, 5 each; a keeps 4, b keeps 3.
    assertThat(Assignments.minimumMoves(before, List.of("a", "b"), 10)).isEqualTo(3);
    // d joins: quotas 2, 2, 3, 3; the two extra slots to holders above 2: keep 3 + 3 + 2.
    assertThat(Assignments.minimumMoves(before, List.of("a", "b", "c", "d"), 10)).isEqualTo(2);
  }

  @Test
  void theMinimumMatchesABruteForce() {
    Random random = new Random(7);
    for (int trial = 0; trial < 500; trial++) {
      int partitions = 1 + random.nextInt(30);
      int members = 1 + random.nextInt(6);
      List<String> group = new ArrayList<>();
      for (int i = 0; i < members; i++) {
        group.add("m" + i);
      }
      Map<Integer, String> before = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        before.put(p, "m" + random.nextInt(members + 2)); // some owners are gone
      }
      Map<String, Integer> held = Assignments.counts(before, group);
      int q = partitions / members;
      int best = 0;
      for (int mask = 0; mask < (1 << members); mask++) {
        if (Integer.bitCount(mask) != partitions % members) {
          continue;
        }
        int stay = 0;
        for (int i = 0; i < members; i++) {
          stay += Math.min(held.get("m" + i), q + ((mask >> i) & 1));
        }
        best = Math.max(best, stay);
      }
      assertThat(Assignments.minimumMoves(before, group, partitions))
          .as("trial %d", trial)
          .isEqualTo(partitions - best);
    }
  }

  @Test
  void coverageIsChecked() {
    Map<Integer, String> missing = new HashMap<>(Map.of(0, "a", 1, "b"));
    assertThatThrownBy(() -> Assignments.checkCovers("x", missing, 3, List.of("a", "b")))
        .isInstanceOf(BenchmarkFailure.class);
    Map<Integer, String> stranger = Map.of(0, "a", 1, "b", 2, "gone");
    assertThatThrownBy(() -> Assignments.checkCovers("x", stranger, 3, List.of("a", "b")))
        .isInstanceOf(BenchmarkFailure.class)
        .hasMessageContaining("gone");
    Map<Integer, String> extra = Map.of(0, "a", 1, "b", 2, "a", 3, "b");
    assertThatThrownBy(() -> Assignments.checkCovers("x", extra, 3, List.of("a", "b")))
        .isInstanceOf(BenchmarkFailure.class);
    Assignments.checkCovers("x", Map.of(0, "a", 1, "b", 2, "a"), 3, List.of("a", "b"));
  }

  @Test
  void cooperativeStickyIsMeasuredAtTheAssignmentItConvergesTo() {
    KafkaAssignor cooperative = new KafkaAssignor(KafkaAssignor.Kind.COOPERATIVE_STICKY, 12);
    Map<Integer, String> start = cooperative.rebalance(List.of("a", "b"), Map.of());
    Assignments.checkCovers("start", start, 12, List.of("a", "b"));
    Map<Integer, String> joined = cooperative.rebalance(List.of("a", "b", "c"), start);
    assertThat(cooperative.lastRounds()).as("revoke first, then assign").isEqualTo(2);
    Assignments.checkCovers("joined", joined, 12, List.of("a", "b", "c"));
    assertThat(Assignments.imbalance(joined, List.of("a", "b", "c"))).isZero();
    assertThat(Assignments.moved(start, joined)).isEqualTo(4);
  }

  @Test
  void theTraceIsSeededAndStaysWithinItsBounds() {
    MembershipTrace a = MembershipTrace.generate(42, 10, 5, 20, 300);
    MembershipTrace b = MembershipTrace.generate(42, 10, 5, 20, 300);
    assertThat(a.events()).isEqualTo(b.events());
    assertThat(a.initial()).hasSize(10);
    for (MembershipTrace.Event e : a.events()) {
      assertThat(e.membersAfter().size()).isBetween(5, 20);
      assertThat(e.membersAfter().contains(e.member()))
          .isEqualTo(e.kind() == MembershipTrace.Kind.JOIN);
    }
    assertThat(a.events())
        .extracting(MembershipTrace.Event::kind)
        .contains(MembershipTrace.Kind.values());
    assertThat(MembershipTrace.generate(43, 10, 5, 20, 300).events()).isNotEqualTo(a.events());
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg :
        List.of(
            "--partitions=0",
            "--events=0",
            "--assignors=baton,roundrobin",
            "--min-members=0",
            "--start-members=30",
            "--seed=x",
            "--compute-runs=0",
            "--no-such-key")) {
      assertThatThrownBy(() -> new AssignmentComparison().run(List.of(arg)))
          .as(arg)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
