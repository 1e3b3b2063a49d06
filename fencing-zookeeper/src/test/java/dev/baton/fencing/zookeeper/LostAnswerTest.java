// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.COMMITTED;
import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.NOT_COMMITTED;
import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The verdict on a fence write whose answer was lost, from the fence znode read afterwards. */
class LostAnswerTest {
  private static final long OURS = 0x1234L;

  private static List<Long> ids(long... ids) {
    return LongStream.of(ids).boxed().toList();
  }

  @Test
  void itsIdAmongTheLastWritesMeansCommitted() {
    assertThat(LostAnswer.judge(OURS, 4, 5, ids(1, 2, OURS))).isEqualTo(COMMITTED);
    assertThat(LostAnswer.judge(OURS, 4, 7, ids(OURS, 8, 9))).isEqualTo(COMMITTED);
    assertThat(LostAnswer.judge(OURS, -1, 0, ids(OURS))).isEqualTo(COMMITTED);
  }

  @Test
  void anUnmovedZnodeMeansNotCommitted() {
    assertThat(LostAnswer.judge(OURS, 4, 4, ids(1, 2, 3))).isEqualTo(NOT_COMMITTED);
    assertThat(LostAnswer.judge(OURS, -1, -1, List.of())).isEqualTo(NOT_COMMITTED);
  }

  @Test
  void writesSinceThatTheRecordCoversWithoutItsIdMeanNotCommitted() {
    // One write since (version 5), the record vouches for versions 3 to 5: ours would be 5.
    assertThat(LostAnswer.judge(OURS, 4, 5, ids(1, 2, 3))).isEqualTo(NOT_COMMITTED);
    // Eight writes since, eight ids: exactly covered.
    assertThat(LostAnswer.judge(OURS, 4, 12, ids(1, 2, 3, 4, 5, 6, 7, 8))).isEqualTo(NOT_COMMITTED);
    // A created znode that moved on once: versions 0 and 1 covered.
    assertThat(LostAnswer.judge(OURS, -1, 1, ids(1, 2))).isEqualTo(NOT_COMMITTED);
  }

  @Test
  void moreWritesSinceThanTheRecordCoversMeansUnknown() {
    assertThat(LostAnswer.judge(OURS, 4, 13, ids(1, 2, 3, 4, 5, 6, 7, 8))).isEqualTo(UNKNOWN);
    assertThat(LostAnswer.judge(OURS, 4, 7, ids(8, 9))).isEqualTo(UNKNOWN);
    // A record of the first format (written by an older Baton) keeps no ids.
    assertThat(LostAnswer.judge(OURS, 4, 5, List.of())).isEqualTo(UNKNOWN);
    assertThat(LostAnswer.judge(OURS, -1, 0, List.of())).isEqualTo(UNKNOWN);
  }

  @Test
  void aDeletedOrRecreatedZnodeMeansUnknown() {
    assertThat(LostAnswer.judge(OURS, 4, -1, List.of())).isEqualTo(UNKNOWN);
    assertThat(LostAnswer.judge(OURS, 4, 2, ids(1, 2, 3))).isEqualTo(UNKNOWN);
  }
}
