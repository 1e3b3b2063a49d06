// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An event line is stamped with the time its client wrote in it, when that time makes sense. */
class HistoryStampTest {
  private static final long ORIGIN = 1_000_000_000L;

  @Test
  void theClientsOwnTimeIsUsed() {
    HistoryExport.Stamped s =
        HistoryExport.stamp("CHAOS ELECTED id=c1 at=1000000500 token=7", 900, ORIGIN);
    assertThat(s.nanos()).isEqualTo(500);
    assertThat(s.line()).isEqualTo("CHAOS ELECTED id=c1 at=1000000500 token=7");
  }

  @Test
  void withoutAUsableTimeTheReadTimeBoundsTheEvent() {
    assertThat(HistoryExport.stamp("CHAOS ELECTED id=c1 token=7", 900, ORIGIN).nanos())
        .isEqualTo(900);
    assertThat(HistoryExport.stamp("not an event at=5", 900, ORIGIN).nanos()).isEqualTo(900);
    assertThat(HistoryExport.stamp("CHAOS ELECTED id=c1 at=x token=7", 900, ORIGIN).nanos())
        .isEqualTo(900);
    // before the origin, or after it was read: not this clock
    assertThat(HistoryExport.stamp("CHAOS ELECTED id=c1 at=999999999", 900, ORIGIN).nanos())
        .isEqualTo(900);
    assertThat(HistoryExport.stamp("CHAOS ELECTED id=c1 at=1000000901", 900, ORIGIN).nanos())
        .isEqualTo(900);
  }
}
