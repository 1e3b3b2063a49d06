// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The fence record's second format: the last write of each recent writer before the token. */
class FenceRecordWritesTest {
  private static final String RESOURCE = "billing-run";
  private static final String PATH = "/baton/fences/billing-run";
  private static final FencingToken TOKEN = FencingToken.of("/a", 9);

  private static FenceRecord.State decode(String text) {
    return FenceRecord.decodeState(RESOURCE, PATH, text.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 300)
  void recordsRoundTrip(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long value,
      @ForAll @IntRange(min = 1, max = FenceRecord.WRITERS) int writers,
      @ForAll long writer,
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seq,
      @ForAll @IntRange(min = -1, max = Integer.MAX_VALUE - 1) int forgotten) {
    FencingToken token =
        FencingToken.of("/" + "s".repeat(FencingToken.MAX_SCOPE_LENGTH - 1), value);
    List<FenceRecord.Write> writes = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      writes.add(new FenceRecord.Write(writer + i, seq, Integer.MAX_VALUE - i));
    }
    FenceRecord.State state = new FenceRecord.State(token, writes, forgotten);
    byte[] data = FenceRecord.encode(state);
    assertThat(data.length).isLessThanOrEqualTo(FenceRecord.MAX_RECORD_BYTES);
    assertThat(FenceRecord.decodeState(RESOURCE, PATH, data)).isEqualTo(state);
  }

  @Test
  void theFirstFormatIsStillReadWithNoWritesAndEverythingForgotten() {
    FenceRecord.State state = decode("ft:7@/billing/leader");
    assertThat(state.token()).isEqualTo(FencingToken.of("/billing/leader", 7));
    assertThat(state.writes()).isEmpty();
    assertThat(state.forgotten()).isEqualTo(Integer.MAX_VALUE);
    // a write on top of it forgets everything up to the version it read
    FenceRecord.State next = state.after(TOKEN, new FenceRecord.Write(1, 1, 13), 12);
    assertThat(next.forgotten()).isEqualTo(12);
  }

  @Test
  void theExactFormIsWritten() {
    FenceRecord.State state =
        new FenceRecord.State(
            TOKEN, List.of(new FenceRecord.Write(1, 2, 3), new FenceRecord.Write(-1, 5, 6)), -1);
    assertThat(new String(FenceRecord.encode(state), StandardCharsets.UTF_8))
        .isEqualTo("fw1:0000000000000001.2.3,ffffffffffffffff.5.6;-|ft:9@/a");
  }

  @Test
  void aWriterKeepsOneEntryMovedToTheEndAndTheLeastRecentIsDropped() {
    FenceRecord.State state =
        new FenceRecord.State(TOKEN, List.of(new FenceRecord.Write(0, 1, 0)), -1);
    for (int v = 1; v <= FenceRecord.WRITERS; v++) {
      state = state.after(TOKEN, new FenceRecord.Write(v, 1, v), v - 1);
    }
    // writer 0 (version 0) was dropped for writer 8
    assertThat(state.writes()).hasSize(FenceRecord.WRITERS);
    assertThat(state.of(0)).isEmpty();
    assertThat(state.forgotten()).isEqualTo(0);
    // writer 3 writes again: its entry moves to the end, nothing is dropped
    state = state.after(TOKEN, new FenceRecord.Write(3, 2, 9), 8);
    assertThat(state.writes().get(FenceRecord.WRITERS - 1))
        .isEqualTo(new FenceRecord.Write(3, 2, 9));
    assertThat(state.writes()).extracting(FenceRecord.Write::writer).doesNotHaveDuplicates();
    assertThat(state.forgotten()).isEqualTo(0);
    // a newcomer drops the least recent, writer 1 (version 1)
    state = state.after(TOKEN, new FenceRecord.Write(99, 1, 10), 9);
    assertThat(state.of(1)).isEmpty();
    assertThat(state.forgotten()).isEqualTo(1);
  }

  @Test
  void damagedRecordsAreRejectedWithTheProblemNamed() {
    String w = "0000000000000001.2.3";
    assertMalformed("fw1:" + w + "|ft:5", "no ';<forgotten>|'");
    assertMalformed("fw1:" + w + ";-", "no ';<forgotten>|'");
    assertMalformed("fw1:;-|ft:5", "a write is not");
    assertMalformed("fw1:1.2.3;-|ft:5", "a write is not");
    assertMalformed("fw1:000000000000000A.2.3;-|ft:5", "a write is not");
    assertMalformed("fw1:0000000000000001.2;-|ft:5", "a write is not");
    assertMalformed("fw1:0000000000000001.02.3;-|ft:5", "seq is not a canonical number");
    assertMalformed("fw1:0000000000000001.2.-3;-|ft:5", "version is not a canonical number");
    assertMalformed("fw1:" + w + ";x|ft:5", "forgotten version is not a canonical number");
    assertMalformed("fw1:" + w + ";-|ft:05", "canonical number");
    assertMalformed("fw1:" + w + ";-|5", "does not start with 'ft:'");
    String nine = String.join(",", Collections.nCopies(9, w));
    assertMalformed("fw1:" + nine + ";-|ft:5", "9 writes, more than 8");
    assertThatThrownBy(() -> FenceRecord.encode(new FenceRecord.State(TOKEN, List.of(), -1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static void assertMalformed(String text, String problem) {
    assertThatThrownBy(() -> decode(text))
        .isInstanceOf(MalformedFenceException.class)
        .hasMessageContaining(problem)
        .hasMessageContaining(PATH);
  }
}
