// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SamplesTest {
  @Test
  void nearestRankPercentiles() {
    Samples s = new Samples();
    for (double v : new double[] {40, 10, 30, 20}) {
      s.add(v);
    }
    assertThat(s.p50()).isEqualTo(20); // rank ceil(0.5 * 4) = 2: the lower middle sample
    assertThat(s.p99()).isEqualTo(40); // rank ceil(0.99 * 4) = 4: the maximum below 100 samples
    assertThat(s.percentile(25)).isEqualTo(10);
    assertThat(s.min()).isEqualTo(10);
    assertThat(s.max()).isEqualTo(40);
    assertThat(s.countAbove(20)).isEqualTo(2);
  }

  @Test
  void p99OfHundredsIsBelowTheMaximum() {
    Samples s = new Samples();
    for (int i = 1; i <= 200; i++) {
      s.add(i);
    }
    assertThat(s.p50()).isEqualTo(100);
    assertThat(s.p99()).isEqualTo(198);
    assertThat(s.max()).isEqualTo(200);
  }

  @Test
  void oneSampleIsEveryPercentile() {
    Samples s = new Samples();
    s.addNanos(1_000_000, 8_250_000);
    assertThat(s.p50()).isEqualTo(7.25);
    assertThat(s.p99()).isEqualTo(7.25);
    assertThat(s.p50Text()).isEqualTo("7.3");
  }

  @Test
  void withoutSamplesTheTextIsNaNAndTheValueAnError() {
    Samples s = new Samples();
    assertThat(s.p50Text()).isEqualTo("NaN");
    assertThat(s.p99Text()).isEqualTo("NaN");
    assertThatThrownBy(s::p50).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> s.percentile(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
