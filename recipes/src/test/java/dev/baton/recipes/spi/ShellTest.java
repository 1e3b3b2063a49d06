// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The shell on a virtual loop: a scripted machine (event to actions) and an io that records what it
 * applied, answers some actions with events, and blocks on those named {@code store*}.
 */
class ShellTest {
  private final ManualLoopScheduler scheduler = new ManualLoopScheduler();
  private final List<String> seen = new ArrayList<>(); // events, in the order the machine had them
  private final List<String> applied = new ArrayList<>();
  private final List<String> dropped = new ArrayList<>();
  private final List<String> fatal = new ArrayList<>();
  private final Map<String, List<String>> script =
      Map.of(
          "go", List.of("a", "b"),
          "ra", List.of("c"),
          "rb", List.of("d"),
          "watch", List.of("quick", "store", "late"),
          "bye", List.of("store-bye"),
          "boom", List.of("boom"));
  private final Map<String, String> replies = Map.of("a", "ra", "b", "rb");
  private final Shell<String, String> shell =
      new Shell<>(
          "test",
          scheduler,
          (event, now) -> {
            seen.add(event);
            return script.getOrDefault(event, List.of());
          },
          "recover",
          e -> fatal.add(e.toString()));
  private RecordingIo io = new RecordingIo();

  private class RecordingIo implements Io<String, String> {
    @Override
    public @Nullable String apply(String action) {
      if (action.equals("boom")) {
        throw new IllegalStateException("boom");
      }
      applied.add(shell.leaving() ? action + "(leaving)" : action);
      return replies.get(action);
    }

    @Override
    public boolean blocks(String action) {
      return action.startsWith("store");
    }

    @Override
    public void dropped(String action) {
      dropped.add(action);
    }
  }

  @Test
  void repliesAreFedAfterTheActionsAlreadyDecided() {
    shell.start(io);
    shell.post("go");
    assertThat(applied).isEmpty(); // posted: nothing before the loop runs
    scheduler.runDue();
    assertThat(seen).containsExactly("go", "ra", "rb");
    assertThat(applied).containsExactly("a", "b", "c", "d");
  }

  @Test
  void decideNowLeavesTheFirstBlockingActionAndAllAfterItToTheLoopInOrder() {
    shell.start(io);
    shell.decideNow("watch");
    assertThat(applied).containsExactly("quick");
    shell.post("go"); // fed behind what decideNow left
    scheduler.runDue();
    assertThat(applied).containsExactly("quick", "store", "late", "a", "b", "c", "d");
  }

  @Test
  void aCloseOnAnIdleLoopFeedsHereAndDropsWhatWasLeftToTheLoop() {
    shell.start(io);
    AtomicBoolean unsubscribed = new AtomicBoolean();
    shell.keep(() -> unsubscribed.set(true));
    shell.decideNow("watch");
    AtomicBoolean after = new AtomicBoolean();

    assertThat(shell.close("bye", Duration.ofSeconds(1), () -> after.set(true)))
        .isEqualTo(Shell.Closed.HERE);
    assertThat(applied).containsExactly("quick", "store-bye(leaving)");
    assertThat(dropped).containsExactly("store", "late");
    assertThat(after).isTrue();
    assertThat(unsubscribed).isTrue();
    assertThat(shell.isClosed()).isTrue();
    assertThat(shell.close("bye", Duration.ZERO, () -> {})).isEqualTo(Shell.Closed.BEFORE);

    shell.post("go");
    scheduler.runDue();
    shell.feed("go");
    assertThat(seen).containsExactly("watch", "bye"); // closed: nothing more is fed
    AtomicBoolean late = new AtomicBoolean();
    shell.keep(() -> late.set(true));
    assertThat(late).as("a subscription kept after the close ends at once").isTrue();
  }

  /**
   * A close's last I/O goes first: ending a subscription can take long (a PostgreSQL listener ends
   * its wait for notifications), and a lease's release, which wakes the successor, must not wait
   * for it (the lease benchmark's handover went from 10 ms to the followers' poll, 250 ms).
   */
  @Test
  void aCloseOnAnIdleLoopFeedsItsClosingEventBeforeItEndsTheSubscriptions() {
    shell.start(io);
    shell.keep(() -> applied.add("unsubscribed"));
    assertThat(shell.close("bye", Duration.ofSeconds(1), () -> {})).isEqualTo(Shell.Closed.HERE);
    assertThat(applied).containsExactly("store-bye(leaving)", "unsubscribed");
  }

  @Test
  void aSubscriptionWhoseEndFailsLeavesNoOtherOpenAndTheFailureReachesTheCloser() {
    shell.start(io);
    List<String> ended = new ArrayList<>();
    shell.keep(() -> ended.add("first"));
    shell.keep(
        () -> {
          throw new IllegalStateException("cannot end");
        });
    shell.keep(() -> ended.add("third"));
    assertThatThrownBy(() -> shell.close("bye", Duration.ofSeconds(1), () -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cannot end");
    assertThat(ended).containsExactlyInAnyOrder("first", "third");
    assertThat(applied).containsExactly("store-bye(leaving)");
  }

  @Test
  void aCloseWhileALoopTaskHoldsTheShellIsLeftToTheLoop() {
    AtomicReference<Shell.Closed> closed = new AtomicReference<>();
    io =
        new RecordingIo() {
          @Override
          public @Nullable String apply(String action) {
            if (action.equals("a")) { // the loop's task: a close on another thread cannot wait
              closed.set(
                  CompletableFuture.supplyAsync(
                          () ->
                              shell.close("bye", Duration.ofMillis(50), () -> applied.add("after")))
                      .join());
            }
            return super.apply(action);
          }
        };
    shell.start(io);
    shell.post("go");
    scheduler.runDue();

    assertThat(closed.get()).isEqualTo(Shell.Closed.ON_LOOP);
    // the task ends its own feed, then the loop closes
    assertThat(applied).containsExactly("a", "b", "c", "d", "store-bye(leaving)", "after");
    assertThat(scheduler.isShutdown()).isTrue();
  }

  @Test
  void aFailedTaskIsCountedAndFollowedByTheRecoveryEventAfterABackoff() {
    shell.start(io);
    shell.post("boom");
    scheduler.runDue();
    assertThat(shell.failures()).isEqualTo(1);
    assertThat(seen).containsExactly("boom");

    scheduler.advance(Backoff.DEFAULT.max());
    assertThat(seen).containsExactly("boom", "recover");
    assertThat(fatal).isEmpty();
  }

  @Test
  void theIoSettlesAfterEachFeedAlsoWhenItThrew() {
    List<String> settled = new ArrayList<>();
    io =
        new RecordingIo() {
          @Override
          public void settled() {
            settled.add(String.join(",", applied));
          }
        };
    shell.start(io);
    shell.post("go");
    shell.post("boom");
    scheduler.runDue();
    assertThat(settled).containsExactly("a,b,c,d", "a,b,c,d"); // once per feed, replies included
    assertThat(shell.failures()).isEqualTo(1);
  }

  @Test
  void shellsOnOneSharedLoopRunInTheOrderTheirTasksWereQueued() {
    List<String> recovered = new ArrayList<>();
    SerialLoop loop =
        new SerialLoop("shared", scheduler, Backoff.DEFAULT, () -> recovered.add("r"), e -> {});
    Shell<String, String> other = new Shell<>(loop, (event, now) -> List.of("other-" + event));
    other.start(
        action -> {
          applied.add(action);
          return null;
        });
    Shell<String, String> mine =
        new Shell<>(loop, (event, now) -> script.getOrDefault(event, List.of()));
    mine.start(io);
    mine.post("go");
    other.post("x");
    mine.post("boom");
    scheduler.runDue();
    assertThat(applied).containsExactly("a", "b", "c", "d", "other-x");
    assertThat(mine.failures()).isEqualTo(1).isEqualTo(other.failures()); // the loop's count
    scheduler.advance(Backoff.DEFAULT.max());
    assertThat(recovered).containsExactly("r"); // the loop's owner recovers both
  }

  @Test
  void aWithdrawalFeedsTheClosingEventOnTheLoopAndEndsSubscriptionsButNotTheShell() {
    shell.start(io);
    AtomicBoolean unsubscribed = new AtomicBoolean();
    shell.keep(() -> unsubscribed.set(true));
    AtomicBoolean after = new AtomicBoolean();
    shell.withdraw("bye", () -> after.set(true));
    assertThat(applied).isEmpty();

    scheduler.runDue();
    assertThat(applied).containsExactly("store-bye(leaving)");
    assertThat(after).isTrue();
    assertThat(unsubscribed).isTrue();
    assertThat(shell.isClosed()).isFalse();
    shell.post("go");
    scheduler.runDue();
    assertThat(applied).endsWith("a", "b", "c", "d"); // not leaving any more
  }

  @Test
  void aTimerMakesItsEventOnTheLoopWhenDue() {
    shell.start(io);
    shell.postAfter(
        Duration.ofSeconds(1).toNanos(), () -> shell.nanoTime() >= 1_000_000_000L ? "go" : "x");
    scheduler.advance(Duration.ofMillis(999));
    assertThat(seen).isEmpty();
    scheduler.advance(Duration.ofMillis(1));
    assertThat(seen).containsExactly("go", "ra", "rb");
  }

  /**
   * A fatal error stops the loop and drops its queue: the withdrawal its onFatal asks for is done
   * there and then, or the closing event (the row's release, the entry's delete) would never be
   * fed. Before, it was queued and dropped (found in review; this test failed then).
   */
  @Test
  void aWithdrawalFromTheLoopsOnFatalIsDoneAtOnce() {
    List<String> done = new ArrayList<>();
    AtomicReference<Shell<String, String>> self = new AtomicReference<>();
    Shell<String, String> dying =
        new Shell<>(
            "dying",
            scheduler,
            (event, now) -> event.equals("go") ? List.of("overflow") : List.of("release-" + event),
            "recover",
            e -> self.get().withdraw("bye", () -> done.add("after")));
    self.set(dying);
    dying.start(
        action -> {
          if (action.equals("overflow")) {
            throw new StackOverflowError("simulated");
          }
          done.add(dying.leaving() ? action + "(leaving)" : action);
          return null;
        });
    dying.keep(() -> done.add("unsubscribed"));
    dying.post("go");

    assertThatThrownBy(scheduler::runDue).isInstanceOf(StackOverflowError.class);
    assertThat(done).containsExactly("release-bye(leaving)", "after", "unsubscribed");
    assertThat(scheduler.isShutdown()).isTrue();
  }

  @Test
  void aWithdrawalFromAnIosActionWaitsForTheStepToFinish() {
    Shell<String, String> quitting =
        new Shell<>(
            "quitting",
            scheduler,
            (event, now) -> event.equals("go") ? List.of("quit", "later") : List.of("release"),
            "recover",
            e -> fatal.add(e.toString()));
    quitting.start(
        action -> {
          if (action.equals("quit")) {
            quitting.withdraw("bye", () -> {}); // under the lock: queued, not fed mid-step
          }
          applied.add(quitting.leaving() ? action + "(leaving)" : action);
          return null;
        });
    quitting.post("go");
    scheduler.runDue();
    assertThat(applied).containsExactly("quit", "later", "release(leaving)");
    assertThat(fatal).isEmpty();
  }
}
