// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.COMMITTED;
import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.NOT_COMMITTED;
import static dev.baton.fencing.zookeeper.LostAnswer.Verdict.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict on a fence write whose answer was lost, from the fence znode read afterwards. */
class LostAnswerTest {
  private static final long ME = 0xabcL;
  private static final long SUCCESSOR = 0xdefL;
  private static final FencingToken TOKEN = FencingToken.of("/s", 5);

  private static FenceRecord.State record(int forgotten, FenceRecord.Write... writes) {
    return new FenceRecord.State(TOKEN, List.of(writes), forgotten);
  }

  private static FenceRecord.Write write(long writer, long seq, int version) {
    return new FenceRecord.Write(writer, seq, version);
  }

  @Test
  void anUnmovedZnodeMeansNotCommitted() {
    assertThat(LostAnswer.judge(ME, 7, 4, 4, record(-1, write(ME, 6, 4)))).isEqualTo(NOT_COMMITTED);
    assertThat(LostAnswer.judge(ME, 7, -1, -1, null)).isEqualTo(NOT_COMMITTED);
  }

  @Test
  void itsOwnSequenceNumberMeansCommittedHoweverManyWritesFollowed() {
    assertThat(LostAnswer.judge(ME, 7, 4, 5, record(-1, write(ME, 7, 5)))).isEqualTo(COMMITTED);
    assertThat(
            LostAnswer.judge(
                ME, 7, 4, 5004, record(-1, write(ME, 7, 5), write(SUCCESSOR, 90, 5004))))
        .isEqualTo(COMMITTED);
    assertThat(LostAnswer.judge(ME, 1, -1, 0, record(-1, write(ME, 1, 0)))).isEqualTo(COMMITTED);
  }

  @Test
  void anEarlierSequenceNumberMeansNotCommittedHoweverManyWritesFollowed() {
    assertThat(
            LostAnswer.judge(
                ME, 7, 4, 5004, record(-1, write(ME, 6, 4), write(SUCCESSOR, 90, 5004))))
        .isEqualTo(NOT_COMMITTED);
  }

  @Test
  void noEntryAndNoneDroppedSinceMeansNotCommitted() {
    // a fresh writer whose first write to the znode was lost; a successor wrote a thousand times
    assertThat(LostAnswer.judge(ME, 1, 4, 1004, record(3, write(SUCCESSOR, 90, 1004))))
        .isEqualTo(NOT_COMMITTED);
    assertThat(LostAnswer.judge(ME, 1, -1, 0, record(-1, write(SUCCESSOR, 1, 0))))
        .isEqualTo(NOT_COMMITTED);
  }

  @Test
  void whatCannotBeToldIsUnknown() {
    // a later write of the same fence committed: this one may have, before it
    assertThat(LostAnswer.judge(ME, 7, 4, 6, record(-1, write(ME, 8, 6)))).isEqualTo(UNKNOWN);
    // no entry, but an entry that may have been this one was dropped since
    assertThat(LostAnswer.judge(ME, 7, 4, 40, record(5, write(SUCCESSOR, 90, 40))))
        .isEqualTo(UNKNOWN);
    // rewritten in the first format, which keeps no entries
    assertThat(LostAnswer.judge(ME, 7, 4, 5, record(Integer.MAX_VALUE))).isEqualTo(UNKNOWN);
    // deleted, or deleted and created again
    assertThat(LostAnswer.judge(ME, 7, 4, -1, null)).isEqualTo(UNKNOWN);
    assertThat(LostAnswer.judge(ME, 7, 4, 2, record(-1, write(SUCCESSOR, 3, 2))))
        .isEqualTo(UNKNOWN);
  }
}
