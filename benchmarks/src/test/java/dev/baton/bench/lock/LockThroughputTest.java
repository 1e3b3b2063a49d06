// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.ResultLines;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class LockThroughputTest {
  /** The ratios are computed from unrounded throughputs, the check from the printed ones. */
  /**
   * How far a ratio printed with three decimals may be from the ratio of two rates printed with one
   * (each off by up to 0.05): at a few operations a second on a loaded machine, more than 0.01.
   */
  private static Offset<Double> rounding(double numerator, double denominator) {
    if (numerator == 0) { // no hold in the slices (a loaded machine): the ratio printed is 0.000
      return Offset.offset(0.0005);
    }
    double ratio = numerator / denominator;
    return Offset.offset(ratio * (0.05 / numerator + 0.05 / denominator) + 0.0005 + 1e-9);
  }

  @Test
  void printsOneResultLinePerContenderCountWithTheRatioFirst() throws Exception {
    List<String> lines =
        ResultLines.linesOf(
            () ->
                new LockThroughput()
                    .run(
                        List.of(
                            "--contenders=1,3",
                            "--warmup-ms=0",
                            "--duration-ms=400",
                            "--slices=2",
                            "--fsync=false")));
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .startsWith("RESULT lock contenders=1 ratio=")
        .contains(" baton_ops_per_s=", " curator_ops_per_s=", " baton_p50_ms=", " curator_p50_ms=");
    assertThat(lines.get(1))
        .startsWith("RESULT lock contenders=3 ratio=")
        .contains(" baton_requests_per_op=", " curator_requests_per_op=");
    for (String line : lines) {
      Map<String, String> r = ResultLines.parse(line);
      double baton = Double.parseDouble(r.get("baton_ops_per_s"));
      double floor = Double.parseDouble(r.get("floor_holds_per_s"));
      double floorAsync = Double.parseDouble(r.get("floor_async_holds_per_s"));
      assertThat(floor).isPositive();
      assertThat(floorAsync).isPositive();
      assertThat(Double.parseDouble(r.get("ratio_floor")))
          .isCloseTo(baton / floor, rounding(baton, floor));
      assertThat(Double.parseDouble(r.get("ratio_floor_async")))
          .isCloseTo(baton / floorAsync, rounding(baton, floorAsync));
    }
    // Uncontended, the floor's hold is a create, a getChildren and a delete, waited for or not.
    Map<String, String> one = ResultLines.parse(lines.get(0));
    assertThat(one.get("floor_requests_per_op")).isEqualTo("3.00");
    assertThat(one.get("floor_async_requests_per_op")).isEqualTo("3.00");
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg : List.of("--contenders=0", "--slices=0", "--no-such-key")) {
      assertThatThrownBy(() -> new LockThroughput().run(List.of(arg)))
          .as(arg)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
