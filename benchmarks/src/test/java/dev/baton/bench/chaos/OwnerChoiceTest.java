// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The owner a fault hits, chosen from recorded event lines. */
class OwnerChoiceTest {
  /**
   * Trial 00141-soak-scheduler-zk-s142 when its soak's partition chose a victim: c1, just resumed
   * from the pause, still believed it led with token ...701 (its held write had been REJECTED, its
   * REVOKED not printed yet), while c2 had led with ...702 since before the resume.
   */
  private static final List<String> C1_AFTER_PAUSE =
      List.of(
          "CHAOS READY id=c1",
          "CHAOS CONNECTION id=c1 state=LOST session=0 server=41709",
          "CHAOS CONNECTION id=c1 state=RECONNECTED session=3000327c466000b server=41709",
          "CHAOS ELECTED id=c1 token=197568495701",
          "CHAOS WRITE id=c1 resource=schedule token=197568495701 outcome=ACCEPTED",
          "CHAOS SESSION id=c1 session=3000327c466000b password=3e9f",
          "CHAOS WRITE id=c1 resource=schedule token=197568495701 outcome=ACCEPTED",
          "CHAOS HELD id=c1 resource=schedule token=197568495701",
          "CHAOS WRITE id=c1 resource=schedule token=197568495701 outcome=REJECTED");

  private static final List<String> C2_LEADING =
      List.of(
          "CHAOS READY id=c2",
          "CHAOS ELECTED id=c2 token=197568495697",
          "CHAOS CONNECTION id=c2 state=LOST session=0 server=32987",
          "CHAOS REVOKED id=c2 token=197568495697 reason=SESSION_LOST",
          "CHAOS CONNECTION id=c2 state=RECONNECTED session=3000327c466000c server=32987",
          "CHAOS ELECTED id=c2 token=197568495702",
          "CHAOS WRITE id=c2 resource=schedule token=197568495702 outcome=ACCEPTED",
          "CHAOS WRITE id=c2 resource=schedule token=197568495702 outcome=ACCEPTED");

  private static OwnerChoice.View view(String id, List<String> lines) {
    return new OwnerChoice.View(id, true, ChaosProtocol.parseAll(lines));
  }

  private static Optional<String> owner(OwnerChoice.View... clients) {
    return OwnerChoice.current(List.of(clients));
  }

  private static List<String> concat(List<String> a, String... more) {
    return Stream.concat(a.stream(), Stream.of(more)).toList();
  }

  @Test
  void aResumedOwnerStillBelievingItLeadsIsNotChosenOverItsSuccessor() {
    assertThat(owner(view("c1", C1_AFTER_PAUSE), view("c2", C2_LEADING))).contains("c2");
  }

  @Test
  void aBelieverWithAnOlderTokenIsStaleEvenBeforeItsWriteIsRejected() {
    List<String> c1 = C1_AFTER_PAUSE.subList(0, 7); // ...701 accepted, nothing rejected yet
    assertThat(owner(view("c1", c1), view("c2", C2_LEADING))).contains("c2");
  }

  @Test
  void aBelieverWhoseWriteWasRejectedIsNoOwnerEvenIfNoNewerTermIsVisible() {
    assertThat(owner(view("c1", C1_AFTER_PAUSE), view("c2", C2_LEADING.subList(0, 4)))).isEmpty();
  }

  @Test
  void aNewTermCountsOnceItHadAWriteAccepted() {
    List<String> c1 = List.of("CHAOS READY id=c1");
    assertThat(owner(view("c1", c1), view("c2", C2_LEADING.subList(0, 6)))).isEmpty();
    assertThat(owner(view("c1", c1), view("c2", C2_LEADING.subList(0, 7)))).contains("c2");
  }

  @Test
  void aDisconnectedOrStoppedOwnerIsNotChosen() {
    List<String> c1 = List.of("CHAOS READY id=c1");
    List<String> cut =
        concat(C2_LEADING, "CHAOS CONNECTION id=c2 state=SUSPENDED session=3 server=32987");
    assertThat(owner(view("c1", c1), view("c2", cut))).isEmpty();
    assertThat(
            owner(
                view("c1", c1),
                new OwnerChoice.View("c2", false, ChaosProtocol.parseAll(C2_LEADING))))
        .isEmpty();
  }

  @Test
  void theLockIsHeldByTheNewestHolderNotByAnEarlierOne() {
    List<String> c1 =
        List.of(
            "CHAOS LOCKED id=c1 token=5",
            "CHAOS WRITE id=c1 resource=r token=5 outcome=ACCEPTED",
            "CHAOS UNLOCKED id=c1 token=5",
            "CHAOS LOCKED id=c1 token=7",
            "CHAOS WRITE id=c1 resource=r token=7 outcome=ACCEPTED");
    List<String> c2 =
        List.of(
            "CHAOS LOCKED id=c2 token=6",
            "CHAOS WRITE id=c2 resource=r token=6 outcome=ACCEPTED",
            "CHAOS WRITE id=c2 resource=r token=6 outcome=REJECTED");
    assertThat(owner(view("c2", c2), view("c1", c1))).contains("c1");
  }

  @Test
  void aRejectionInAnEarlierTermDoesNotDisqualifyTheCurrentOne() {
    List<String> c1 =
        List.of(
            "CHAOS ELECTED id=c1 token=3",
            "CHAOS WRITE id=c1 resource=r token=3 outcome=REJECTED",
            "CHAOS REVOKED id=c1 token=3 reason=CONNECTION_SUSPENDED",
            "CHAOS ELECTED id=c1 token=9",
            "CHAOS WRITE id=c1 resource=r token=9 outcome=ACCEPTED");
    assertThat(owner(view("c1", c1), view("c2", List.of("CHAOS READY id=c2")))).contains("c1");
  }
}
