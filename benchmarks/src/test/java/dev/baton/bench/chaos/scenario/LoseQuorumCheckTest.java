// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lose-quorum check of terms begun, on the events of profile trial {@code
 * 00745-lose-quorum-election-zk-s746} (client c1 from the kill on): c1's session reconnected to the
 * one server left before that server noticed it had lost its quorum, its term resumed with the same
 * token, and the connection dropped again, all while its {@code revoked} callback of the term
 * before waited 3.7 s for a write in progress; the resumed term's {@code ELECTED} was printed only
 * then.
 */
class LoseQuorumCheckTest {
  private static final long EPOCH = 0x5F; // of the marker written before the kill
  private static final long LOST = 28_717_700_000_000L; // the grace period after the kill ended
  private static final long RESUMED = 28_716_310_000_000L; // after RECONNECTED, before SUSPENDED

  private static List<Event> c1(String elected) {
    List<String> lines =
        List.of(
            "CHAOS CONNECTION id=c1 at=28715632168290 state=SUSPENDED session=10001b61a6e0001"
                + " server=35885",
            "CHAOS CONNECTION id=c1 at=28716303780211 state=RECONNECTED session=10001b61a6e0001"
                + " server=41731",
            "CHAOS CONNECTION id=c1 at=28716639744473 state=SUSPENDED session=10001b61a6e0001"
                + " server=41731",
            "CHAOS WRITE id=c1 at=28719294879650 resource=leader token=408021893136"
                + " outcome=FAILED",
            "CHAOS REVOKED id=c1 at=28719295444225 token=408021893136"
                + " reason=CONNECTION_SUSPENDED ended_at=28715634026126",
            elected,
            "CHAOS REVOKED id=c1 at=28719296814803 token=408021893136"
                + " reason=CONNECTION_SUSPENDED ended_at=28719296108859",
            "CHAOS CONNECTION id=c1 at=28721981966812 state=LOST session=0 server=-1");
    List<Event> out = new ArrayList<>();
    lines.forEach(l -> out.add(ChaosProtocol.parse(l).orElseThrow()));
    return out;
  }

  private static String elected(long token, long beganAt) {
    return "CHAOS ELECTED id=c1 at=28719295588038 token=" + token + " began_at=" + beganAt;
  }

  private static List<String> check(String elected) {
    return LoseQuorum.termsBegunWhileLost("c1", c1(elected), LOST, EPOCH);
  }

  @Test
  void aTermResumedWhileConnectedAndPrintedLateIsNoViolation() {
    assertThat(check(elected(408021893136L, RESUMED))).isEmpty();
  }

  @Test
  void aPartitionResumedWhileConnectedAndPrintedLateIsNoViolationWithoutItsBeginItWas() {
    // trial 00031-lose-quorum-partition-zk-s32 saw the same with a partition's revoked draining
    String assigned = "CHAOS ASSIGNED id=c1 at=28719295588038 partition=0 token=408021893136";
    assertThat(check(assigned + " began_at=" + RESUMED)).isEmpty();
    assertThat(check(assigned))
        .anySatisfy(v -> assertThat(v).contains("c1 began ASSIGNED while disconnected"));
  }

  @Test
  void judgedByWhenItWasPrintedTheSameTermWasReported() {
    // the profile's line, before ELECTED carried began_at: what the checker reported then
    assertThat(check("CHAOS ELECTED id=c1 at=28719295588038 token=408021893136"))
        .anySatisfy(v -> assertThat(v).contains("while disconnected"))
        .anySatisfy(v -> assertThat(v).contains("while the quorum was gone"));
  }

  @Test
  void aTermBegunWhileDisconnectedIsReported() {
    assertThat(check(elected(408021893136L, 28_716_700_000_000L)))
        .singleElement(STRING)
        .contains("c1 began ELECTED while disconnected");
  }

  @Test
  void aTermBegunAfterTheGracePeriodIsReported() {
    assertThat(check(elected(408021893136L, LOST + 1)))
        .anySatisfy(v -> assertThat(v).contains("while the quorum was gone"));
  }

  @Test
  void aTermWithATokenOfALaterEpochIsReported() {
    assertThat(check(elected(0x60_0000_0007L, RESUMED)))
        .singleElement(STRING)
        .contains("with a token of a later epoch");
  }

  @Test
  void aBeginAMomentBeforeTheReconnectIsReportedOnlyOutsideTheSlack() {
    long reconnected = 28_716_303_780_211L;
    long justBefore = reconnected - LoseQuorum.SLACK.toNanos() / 2;
    long wellBefore = reconnected - LoseQuorum.SLACK.toNanos() * 2;
    assertThat(check(elected(408021893136L, justBefore))).isEmpty();
    assertThat(check(elected(408021893136L, wellBefore)))
        .singleElement(STRING)
        .contains("while disconnected");
  }
}
