// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The independent checker on hand-made histories: safe ones pass, and each rule has a negative
 * control, a history breaking it that must be reported.
 */
class HistoryCheckerTest {
  @Test
  void aSafeHistoryPasses() {
    assertThat(HistoryChecker.check(HistoryText.safeElection().history())).isEmpty();
  }

  @Test
  void faultsOfTheNemesisHaveNoResourceAndBreakNoRule() {
    HistoryText h =
        HistoryText.safeElection()
            .op("nemesis", "info", "fault", null, null)
            .op("nemesis", "info", "fault", null, null);
    assertThat(HistoryChecker.check(h.history())).isEmpty();
  }

  @Test
  void aWriteWithoutAResourceIsMalformed() {
    HistoryText h = HistoryText.safeElection().op("c1", "ok", "write", null, 3L);
    assertOnlyViolation(h, "malformed: write", "has no resource");
  }

  @Test
  void anIndeterminateWriteMayOrMayNotBeInTheLog() {
    HistoryText h =
        new HistoryText()
            .op("c1", "ok", "locked", "lock", 5L)
            .write("c1", "info", "lock", 5)
            .write("c1", "info", "lock", 5)
            .stored("lock", "c1", 5);
    assertThat(HistoryChecker.check(h.history())).isEmpty();
  }

  @Test
  void aTokenGoingBackwardsInTheStoreIsReported() {
    HistoryText h = HistoryText.safeElection().landed("c1", "ok", "leader", 1);
    assertOnlyViolation(h, "accepted token 1 of c1 (seq 3) after token 2 of c2");
  }

  @Test
  void backwardsIsPerResource() {
    HistoryText h = new HistoryText().landed("c1", "ok", "p0", 7).landed("c2", "ok", "p1", 3);
    assertThat(HistoryChecker.check(h.history())).isEmpty();
  }

  @Test
  void oneTokenWithTwoWritersIsReported() {
    HistoryText h = new HistoryText().landed("c1", "ok", "p2", 4).landed("c2", "ok", "p2", 4);
    assertOnlyViolation(h, "token 4 has two writers in the store, c1 and c2");
  }

  @Test
  void anOkWriteMissingFromTheStoreIsReported() {
    HistoryText h = HistoryText.safeElection().write("c2", "ok", "leader", 2);
    assertOnlyViolation(h, "writes of c2 with token 2: 2 ok, 1 in the store's log");
  }

  @Test
  void aRejectedWriteThatLandedIsReported() {
    HistoryText h =
        new HistoryText().landed("c1", "ok", "leader", 1).landed("c1", "fail", "leader", 1);
    assertOnlyViolation(h, "1 rejected but 2 in the store's log for 1 ok and 0 indeterminate");
  }

  @Test
  void twoProcessesHoldingOneTokenAreReported() {
    HistoryText h =
        new HistoryText()
            .op("c1", "ok", "assigned", "p3", 9L)
            .op("c2", "ok", "assigned", "p3", 9L)
            .op("c2", "ok", "assigned", "p4", 9L);
    assertOnlyViolation(h, "p3: token 9 began terms of two processes, c1 and c2");
  }

  @Test
  void theSameProcessBeginningATermAgainIsNoViolation() {
    HistoryText h =
        new HistoryText()
            .op("c1", "ok", "elected", "leader", 3L)
            .op("c1", "ok", "revoked", "leader", 3L)
            .op("c1", "ok", "elected", "leader", 3L);
    assertThat(HistoryChecker.check(h.history())).isEmpty();
  }

  @Test
  void malformedHistoriesAreReported() {
    HistoryText h =
        new HistoryText()
            .raw("c1", "ok", "write", "leader", 1L)
            .raw("c1", "done", "write", "leader", 1L);
    assertThat(HistoryChecker.check(h.history()))
        .anySatisfy(v -> assertThat(v).contains("completes no invocation"))
        .anySatisfy(v -> assertThat(v).contains("has type 'done'"))
        .anySatisfy(v -> assertThat(v).contains("writes of c1 with token 1: 1 ok, 0 in"));
  }

  @Test
  void outOfOrderIndexesAreReported() {
    String json = HistoryText.safeElection().json().replace("{\"index\": 3,", "{\"index\": 1,");
    assertThat(HistoryChecker.check(History.parse(json)))
        .anySatisfy(v -> assertThat(v).contains("operation index 1 after 2"));
  }

  private static void assertOnlyViolation(HistoryText h, String... parts) {
    assertThat(HistoryChecker.check(h.history())).singleElement().asString().contains(parts);
  }
}
