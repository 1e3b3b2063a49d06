// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The fence record's second format: the ids of the last writes before the token. */
class FenceRecordWriteIdsTest {
  private static final String RESOURCE = "billing-run";
  private static final String PATH = "/baton/fences/billing-run";

  private static FenceRecord.State decode(String text) {
    return FenceRecord.decodeState(RESOURCE, PATH, text.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 300)
  void recordsRoundTrip(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long value,
      @ForAll @Size(min = 1, max = FenceRecord.WRITE_IDS) List<Long> ids) {
    FencingToken token =
        FencingToken.of("/" + "s".repeat(FencingToken.MAX_SCOPE_LENGTH - 1), value);
    byte[] data = FenceRecord.encode(token, ids);
    assertThat(data.length).isLessThanOrEqualTo(FenceRecord.MAX_RECORD_BYTES);
    FenceRecord.State state = FenceRecord.decodeState(RESOURCE, PATH, data);
    assertThat(state.token()).isEqualTo(token);
    assertThat(state.writeIds()).isEqualTo(ids);
  }

  @Test
  void theFirstFormatIsStillReadWithNoIds() {
    FenceRecord.State state = decode("ft:7@/billing/leader");
    assertThat(state.token()).isEqualTo(FencingToken.of("/billing/leader", 7));
    assertThat(state.writeIds()).isEmpty();
  }

  @Test
  void theExactFormIsWritten() {
    byte[] data = FenceRecord.encode(FencingToken.of("/a", 9), List.of(1L, -1L));
    assertThat(new String(data, StandardCharsets.UTF_8))
        .isEqualTo("fw1:0000000000000001,ffffffffffffffff|ft:9@/a");
  }

  @Test
  void eachWriteKeepsTheLastIdsAndAddsItsOwn() {
    List<Long> ids = new ArrayList<>();
    FenceRecord.State state = new FenceRecord.State(FencingToken.of(1), List.of());
    for (long id = 1; id <= 20; id++) {
      ids.add(id);
      state = new FenceRecord.State(state.token(), state.idsAfter(id));
      assertThat(state.writeIds())
          .isEqualTo(ids.subList(Math.max(0, ids.size() - FenceRecord.WRITE_IDS), ids.size()));
    }
  }

  @Test
  void damagedRecordsAreRejectedWithTheProblemNamed() {
    assertMalformed("fw1:0000000000000001", "no '|'");
    assertMalformed("fw1:|ft:5", "16 lower-case hex digits");
    assertMalformed("fw1:1|ft:5", "16 lower-case hex digits");
    assertMalformed("fw1:000000000000000A|ft:5", "16 lower-case hex digits");
    assertMalformed("fw1:0000000000000001,|ft:5", "16 lower-case hex digits");
    assertMalformed("fw1:+000000000000001|ft:5", "16 lower-case hex digits");
    assertMalformed("fw1:0000000000000001|ft:05", "canonical number");
    assertMalformed("fw1:0000000000000001|5", "does not start with 'ft:'");
    assertMalformed("fw1:0000000000000001|ft:5|", "canonical number");
    String nine = String.join(",", java.util.Collections.nCopies(9, "0000000000000001"));
    assertMalformed("fw1:" + nine + "|ft:5", "9 write ids, more than 8");
    assertThatThrownBy(() -> FenceRecord.encode(FencingToken.of(1), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static void assertMalformed(String text, String problem) {
    assertThatThrownBy(() -> decode(text))
        .isInstanceOf(MalformedFenceException.class)
        .hasMessageContaining(problem)
        .hasMessageContaining(PATH);
  }
}
