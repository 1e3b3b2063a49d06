// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.partition.AssignerAction.Log;
import dev.baton.partition.AssignerAction.Publish;
import dev.baton.partition.AssignerAction.Read;
import dev.baton.partition.AssignerAction.Schedule;
import dev.baton.partition.AssignerEvent.Input;
import dev.baton.partition.AssignerEvent.RebalanceDue;
import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The assigner machine's decisions without a server: debounce, compute, publish, terms, failures.
 */
class AssignerMachineTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private long now = 1_000 * MS;
  private List<AssignerAction> last = List.of();

  private AssignerMachine machine(AssignmentStrategy strategy, Duration grace) {
    return new AssignerMachine(
        "a", 4, strategy, Duration.ofMillis(200), Duration.ofSeconds(2), grace);
  }

  private List<AssignerAction> on(AssignerMachine m, AssignerEvent e) {
    last = m.on(e, now, T0.plusNanos(now));
    return last;
  }

  private <T extends AssignerAction> List<T> of(Class<T> type) {
    return last.stream().filter(type::isInstance).map(type::cast).toList();
  }

  private static Map<String, MemberProfile> members(String... ids) {
    Map<String, MemberProfile> out = new TreeMap<>();
    for (String id : ids) {
      out.put(id, MemberProfile.of(id));
    }
    return out;
  }

  /** Fires the latest rebalance timer scheduled in {@code last}. */
  private void fire(AssignerMachine m) {
    Schedule s =
        of(Schedule.class).stream()
            .filter(x -> x.event() instanceof RebalanceDue)
            .reduce((x, y) -> y)
            .orElseThrow();
    now += s.delayNanos();
    on(m, s.event());
  }

  @Test
  void aTermReadsItsInputsComputesAfterTheQuietPeriodAndPublishesTheFirstGeneration() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 77));
    assertThat(of(Read.class))
        .extracting(Read::input)
        .containsExactly(
            Input.MEMBERS, Input.ASSIGNMENT, Input.OWNERS); // partitions are configured
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
    assertThat(of(Schedule.class))
        .singleElement()
        .satisfies(s -> assertThat(s.delayNanos()).isEqualTo(200 * MS));
    fire(m);
    assertThat(of(Read.class)).extracting(Read::input).containsExactly(Input.CURRENT_OWNERS);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    Publish p = of(Publish.class).get(0);
    assertThat(p.next().generation()).isEqualTo(1);
    assertThat(p.next().assignerToken()).isEqualTo(77);
    assertThat(p.previousVersion()).isEqualTo(-1);
    assertThat(p.next().partitionsOf("a")).hasSize(2);
    assertThat(p.next().partitionsOf("b")).hasSize(2);

    on(m, new AssignerEvent.Published(1, p.next(), 0, 0));
    on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
    fire(m);
    assertThat(of(Publish.class)).isEmpty(); // nothing changed: nothing published
    on(m, new AssignerEvent.MembersRead(1, members("a", "b", "c")));
    fire(m);
    assertThat(of(Publish.class))
        .singleElement()
        .satisfies(
            q -> {
              assertThat(q.next().generation()).isEqualTo(2);
              assertThat(q.previousVersion()).isZero();
              assertThat(q.moved()).isEqualTo(1);
            });
  }

  @Test
  void theQuietPeriodRunsFromWhenTheWatchToldOfTheChangeNotFromItsRead() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    on(m, new AssignerEvent.Published(1, of(Publish.class).get(0).next(), 0, 0));

    long seen = now;
    now += 30 * MS; // the loop was busy meanwhile
    on(m, new AssignerEvent.InputChanged(1, Input.MEMBERS, seen));
    assertThat(of(Read.class)).extracting(Read::input).containsExactly(Input.MEMBERS);
    assertThat(of(Schedule.class)).isEmpty(); // the timer waits for what changed
    now += 5 * MS; // the read's round trip
    on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
    assertThat(of(Schedule.class))
        .singleElement()
        .satisfies(s -> assertThat(s.delayNanos()).isEqualTo(165 * MS));

    now += 100 * MS; // a later change, told at once: the quiet period runs from it
    on(m, new AssignerEvent.InputChanged(1, Input.MEMBERS, now));
    on(m, new AssignerEvent.MembersRead(1, members("a", "b", "c")));
    assertThat(of(Schedule.class))
        .singleElement()
        .satisfies(s -> assertThat(s.delayNanos()).isEqualTo(200 * MS));
    fire(m);
    assertThat(of(Publish.class))
        .singleElement()
        .satisfies(q -> assertThat(q.next().owners().values()).contains("a", "b", "c"));
  }

  /**
   * Debounce: however the changes come, the computation runs once the quiet period passed after the
   * last change, or at the maximum delay after the first, whichever is earlier.
   */
  @Property(tries = 200)
  void aBurstOfChangesMakesOneComputationAtTheRightTime(
      @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 400) Integer> gapsMs) {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    now = 1_000 * MS;
    on(m, new AssignerEvent.TermBegan(1, 1));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    long first = now;
    List<Schedule> timers = new ArrayList<>(of(Schedule.class));
    for (int gap : gapsMs) {
      now += gap * MS;
      on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
      timers.addAll(of(Schedule.class));
    }
    Schedule latest = timers.get(timers.size() - 1);
    long due = now + latest.delayNanos();
    assertThat(due).isEqualTo(Math.max(now, Math.min(now + 200 * MS, first + 2_000 * MS)));
    for (Schedule stale : timers.subList(0, timers.size() - 1)) {
      on(m, stale.event());
      assertThat(last).isEmpty(); // superseded timers do nothing
    }
    now = due;
    on(m, latest.event());
    assertThat(of(Read.class)).extracting(Read::input).containsExactly(Input.CURRENT_OWNERS);
  }

  @Test
  void aDeposedOrEndedTermPublishesNothingMore() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    on(m, new AssignerEvent.PublishRejected(1, AssignerEvent.Rejection.TERM_OVER));
    assertThat(m.active()).isFalse();
    on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
    assertThat(last).isEmpty();

    on(m, new AssignerEvent.TermBegan(2, 6));
    assertThat(m.active()).isTrue();
    on(m, new AssignerEvent.TermEnded(2));
    assertThat(last).containsExactly(new AssignerAction.SetUnowned(-1));
    on(m, new AssignerEvent.MembersRead(2, members("a", "b")));
    assertThat(last).isEmpty();
  }

  @Test
  void aPublishWhoseAnswerWasLostInAFailedTaskDoesNotBlockTheNext() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    assertThat(of(Publish.class)).hasSize(1); // and then the task failed: no answer
    on(m, new AssignerEvent.Retry()); // the loop's recovery: inputs read again, a computation due
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    assertThat(of(Publish.class)).hasSize(1);
  }

  @Test
  void aConflictReReadsTheAssignmentAndComputesAgain() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    on(m, new AssignerEvent.PublishRejected(1, AssignerEvent.Rejection.CONFLICT));
    assertThat(of(Read.class)).extracting(Read::input).containsExactly(Input.ASSIGNMENT);
    assertThat(of(Schedule.class)).hasSize(1);
  }

  @Test
  void aStrategyThatThrowsAnExceptionPublishesNothingAndAnErrorEscapesToTheLoop() {
    AssignmentStrategy broken =
        (p, m, prev) -> {
          throw new IllegalStateException("bug");
        };
    AssignerMachine m = machine(broken, Duration.ZERO);
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    assertThat(of(Publish.class)).isEmpty();
    assertThat(of(Log.class))
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.level()).isEqualTo(AssignerAction.Level.ERROR);
              assertThat(l.cause()).hasMessage("bug");
            });

    AssignerMachine failing =
        machine(
            (p, ms, prev) -> {
              throw new AssertionError("broken strategy");
            },
            Duration.ZERO);
    on(failing, new AssignerEvent.TermBegan(1, 5));
    on(failing, new AssignerEvent.AssignmentRead(1, null, -1));
    on(failing, new AssignerEvent.MembersRead(1, members("a")));
    fire(failing);
    assertThatThrownBy(() -> on(failing, new AssignerEvent.CurrentOwnersRead(1, Map.of())))
        .isInstanceOf(AssertionError.class);
    on(failing, new AssignerEvent.Retry()); // the loop's recovery: the machine still works
    assertThat(of(Read.class))
        .extracting(Read::input)
        .containsExactly(Input.MEMBERS, Input.ASSIGNMENT, Input.OWNERS);
  }

  @Test
  void aDepartedMemberKeepsItsPartitionsForItsGraceThenLosesThem() {
    AssignerMachine m = machine(new StickyBalancedStrategy(), Duration.ofSeconds(10));
    on(m, new AssignerEvent.TermBegan(1, 5));
    on(m, new AssignerEvent.AssignmentRead(1, null, -1));
    on(m, new AssignerEvent.MembersRead(1, members("a", "b")));
    fire(m);
    on(m, new AssignerEvent.CurrentOwnersRead(1, Map.of()));
    Publish first = of(Publish.class).get(0);
    on(m, new AssignerEvent.Published(1, first.next(), 0, 0));

    on(m, new AssignerEvent.MembersRead(1, members("a"))); // b leaves
    fire(m);
    assertThat(of(Publish.class)).isEmpty(); // b's partitions wait for it
    Schedule grace =
        of(Schedule.class).stream()
            .filter(s -> s.event() instanceof AssignerEvent.GraceDue)
            .findFirst()
            .orElseThrow();
    assertThat(grace.delayNanos()).isEqualTo(TimeUnit.SECONDS.toNanos(10) + MS);
    now += grace.delayNanos();
    on(m, grace.event());
    fire(m);
    assertThat(of(Publish.class))
        .singleElement()
        .satisfies(p -> assertThat(p.next().owners().values()).containsOnly("a"));
  }
}
