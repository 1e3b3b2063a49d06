// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.partition.AssignerAction.Log;
import dev.baton.partition.AssignerAction.Publish;
import dev.baton.partition.AssignerAction.Schedule;
import dev.baton.partition.AssignerEvent.RebalanceDue;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The assigner's generations: bounded, increasing across terms and across a malformed or hostile
 * record, and never a record its own reader rejects.
 */
class AssignerGenerationsTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private final AssignerMachine m =
      new AssignerMachine(
          "a",
          4,
          new StickyBalancedStrategy(),
          Duration.ofMillis(200),
          Duration.ofSeconds(2),
          Duration.ZERO);
  private long now = 1_000 * MS;
  private List<AssignerAction> last = List.of();

  private void on(AssignerEvent e) {
    last = m.on(e, now, T0.plusNanos(now));
  }

  private static Map<String, MemberProfile> members(String... ids) {
    Map<String, MemberProfile> out = new TreeMap<>();
    for (String id : ids) {
      out.put(id, MemberProfile.of(id));
    }
    return out;
  }

  /**
   * Begins {@code term}, answers its reads with {@code assignment} at {@code version} and the
   * members, and returns what it publishes (after reading the current owners if it asks).
   */
  private Publish termPublishes(
      long term, @Nullable AssignmentRecord assignment, int version, String... ids) {
    on(new AssignerEvent.TermBegan(term, 100 + term));
    on(new AssignerEvent.AssignmentRead(term, assignment, version));
    on(new AssignerEvent.MembersRead(term, members(ids)));
    return fireAndPublish(term);
  }

  private Publish fireAndPublish(long term) {
    Schedule s =
        last.stream()
            .filter(x -> x instanceof Schedule y && y.event() instanceof RebalanceDue)
            .map(Schedule.class::cast)
            .reduce((x, y) -> y)
            .orElseThrow();
    now += s.delayNanos();
    on(s.event());
    if (last.stream().noneMatch(Publish.class::isInstance)) {
      on(new AssignerEvent.CurrentOwnersRead(term, Map.of()));
    }
    Publish p =
        last.stream()
            .filter(Publish.class::isInstance)
            .map(Publish.class::cast)
            .findFirst()
            .orElseThrow();
    // whatever the machine publishes, its own reader accepts
    assertThat(AssignmentRecord.decode("/g/assignment", p.next().encode())).isEqualTo(p.next());
    return p;
  }

  private static AssignmentRecord record(long generation, String... owners) {
    TreeMap<Integer, String> byPartition = new TreeMap<>();
    for (int i = 0; i < owners.length; i++) {
      byPartition.put(i, owners[i]);
    }
    return new AssignmentRecord(
        generation, "x", 1, new TreeSet<>(List.of(0, 1, 2, 3)), byPartition);
  }

  @Test
  void aMalformedRecordIsReplacedAboveTheWritesItsVersionCountsNotAtOne() {
    // generations 1..7 were published at versions 0..6, then something wrote junk (version 7)
    Publish p = termPublishes(1, null, 7, "a", "b");
    assertThat(p.previousVersion()).isEqualTo(7);
    assertThat(p.next().generation()).isEqualTo(9);
  }

  @Test
  void generationsKeepRisingAcrossTermsAndADeletedRecord() {
    Publish first = termPublishes(1, null, -1, "a", "b");
    assertThat(first.next().generation()).isEqualTo(1);
    on(new AssignerEvent.Published(1, first.next(), 0, 0));
    on(new AssignerEvent.MembersRead(1, members("a", "b", "c")));
    Publish second = fireAndPublish(1);
    assertThat(second.next().generation()).isEqualTo(2);
    on(new AssignerEvent.Published(1, second.next(), 1, 1));
    on(new AssignerEvent.TermEnded(1));

    // the next term finds the assignment deleted: it does not start again at 1
    Publish third = termPublishes(2, null, -1, "a", "b");
    assertThat(third.previousVersion()).isEqualTo(-1);
    assertThat(third.next().generation()).isEqualTo(3);
  }

  @Test
  void aHostileRecordAtTheLargestGenerationRestartsTheGenerationsInRangeAndSaysSo() {
    Publish p =
        termPublishes(1, record(AssignmentRecord.MAX_GENERATION, "b", "b", "b", "b"), 5, "a", "b");
    assertThat(p.next().generation()).isEqualTo(7);
    assertThat(last)
        .filteredOn(Log.class::isInstance)
        .map(Log.class::cast)
        .anySatisfy(
            l -> {
              assertThat(l.level()).isEqualTo(AssignerAction.Level.ERROR);
              assertThat(l.message()).contains("largest generation", "restarting");
            });
    on(new AssignerEvent.Published(1, p.next(), 6, 2));
    on(new AssignerEvent.MembersRead(1, members("a", "b", "c")));
    assertThat(fireAndPublish(1).next().generation()).isEqualTo(8);
  }

  @Test
  void aHostileRecordBelowTheLimitIsContinuedFrom() {
    long big = AssignmentRecord.MAX_GENERATION - 1;
    Publish p = termPublishes(1, record(big, "b", "b", "b", "b"), 3, "a", "b");
    assertThat(p.next().generation()).isEqualTo(AssignmentRecord.MAX_GENERATION);
  }
}
