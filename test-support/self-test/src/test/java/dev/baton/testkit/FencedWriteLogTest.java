// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FencedWriteLogTest {
  @Test
  void aSafeHistoryHasNoViolations() {
    FencedWriteLog log = new FencedWriteLog();
    log.accepted("r", "a", 1);
    log.accepted("r", "a", 1);
    log.rejected("r", "a", 1);
    log.accepted("r", "b", 5);
    log.accepted("s", "a", 2);
    assertThat(log.violations()).isEmpty();
    assertThat(log.acceptedCount()).isEqualTo(4);
    assertThat(log.rejectedCount()).isEqualTo(1);
    assertThat(log.lastAccepted("r"))
        .hasValueSatisfying(w -> assertThat(w.writer()).isEqualTo("b"));
  }

  @Test
  void anOlderTermAcceptedAfterANewerOneIsAViolation() {
    FencedWriteLog log = new FencedWriteLog();
    log.accepted("r", "a", 1);
    log.accepted("r", "b", 5);
    log.accepted("r", "a", 1);
    assertThat(log.violations())
        .singleElement()
        .asString()
        .contains("token 1 of a accepted after token 5 of b");
    assertThatThrownBy(log::assertNoViolations).isInstanceOf(AssertionError.class);
  }

  @Test
  void twoWritersAcceptedWithOneTokenIsAViolation() {
    FencedWriteLog log = new FencedWriteLog();
    log.accepted("r", "a", 3);
    log.accepted("r", "b", 3);
    assertThat(log.violations()).singleElement().asString().contains("accepted from both a and b");
  }
}
