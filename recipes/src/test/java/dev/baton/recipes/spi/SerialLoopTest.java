// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ThreadDeaths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SerialLoopTest {
  private static final Backoff BACKOFF =
      new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), 0);

  private final ManualLoopScheduler scheduler = new ManualLoopScheduler();
  private final AtomicInteger recoveries = new AtomicInteger();
  private final AtomicReference<VirtualMachineError> fatal = new AtomicReference<>();
  private final SerialLoop loop =
      new SerialLoop("test", scheduler, BACKOFF, recoveries::incrementAndGet, fatal::set);

  @Test
  void runsTasksInOrder() {
    List<Integer> ran = new ArrayList<>();
    loop.execute(() -> ran.add(1));
    loop.schedule(TimeUnit.MILLISECONDS.toNanos(5), () -> ran.add(3));
    loop.execute(() -> ran.add(2));
    scheduler.advance(Duration.ofMillis(10));
    assertThat(ran).containsExactly(1, 2, 3);
  }

  @Test
  void aRuntimeExceptionIsCountedAndRecoveredAfterTheBackoff() {
    loop.execute(
        () -> {
          throw new IllegalStateException("boom");
        });
    scheduler.runDue();
    assertThat(loop.failures()).isEqualTo(1);
    assertThat(recoveries).hasValue(0);
    scheduler.advance(Duration.ofMillis(99));
    assertThat(recoveries).hasValue(0);
    scheduler.advance(Duration.ofMillis(1));
    assertThat(recoveries).hasValue(1);
    assertThat(loop.isRunning()).isTrue();
  }

  @Test
  void anErrorThatIsNotFatalIsRetriedToo() {
    loop.execute(
        () -> {
          throw new AssertionError("a broken invariant in user code");
        });
    scheduler.runDue();
    scheduler.advance(Duration.ofMillis(100));
    assertThat(loop.failures()).isEqualTo(1);
    assertThat(recoveries).hasValue(1);
    assertThat(loop.fatal()).isEmpty();
  }

  @Test
  void theBackoffGrowsWithTheStreakAndASuccessfulRecoveryEndsIt() {
    SerialLoop failing =
        new SerialLoop(
            "failing",
            scheduler,
            BACKOFF,
            () -> {
              recoveries.incrementAndGet();
              if (recoveries.get() < 3) {
                throw new IllegalStateException("still down");
              }
            },
            fatal::set);
    failing.execute(
        () -> {
          throw new IllegalStateException("down");
        });
    scheduler.runDue();
    assertThat(scheduler.nextDelayNanos()).hasValue(TimeUnit.MILLISECONDS.toNanos(100));
    scheduler.advance(Duration.ofMillis(100)); // recovery 1 fails: streak 2
    assertThat(scheduler.nextDelayNanos()).hasValue(TimeUnit.MILLISECONDS.toNanos(200));
    scheduler.advance(Duration.ofMillis(200)); // recovery 2 fails: streak 3
    assertThat(scheduler.nextDelayNanos()).hasValue(TimeUnit.MILLISECONDS.toNanos(400));
    scheduler.advance(Duration.ofMillis(400)); // recovery 3 succeeds
    assertThat(scheduler.nextDelayNanos()).isEmpty();
    failing.execute(
        () -> {
          throw new IllegalStateException("down again");
        });
    scheduler.runDue();
    assertThat(scheduler.nextDelayNanos()).hasValue(TimeUnit.MILLISECONDS.toNanos(100));
  }

  @Test
  void aVirtualMachineErrorMarksTheLoopFailedAndIsRethrown() {
    StackOverflowError error = new StackOverflowError("deep");
    List<String> ran = new ArrayList<>();
    loop.execute(
        () -> {
          throw error;
        });
    loop.execute(() -> ran.add("after"));
    assertThatThrownBy(scheduler::runDue).isSameAs(error);
    assertThat(fatal).hasValue(error);
    assertThat(loop.fatal()).containsSame(error);
    assertThat(loop.isRunning()).isFalse();
    scheduler.advance(Duration.ofSeconds(5));
    assertThat(ran).isEmpty();
    assertThat(recoveries).hasValue(0);
  }

  @Test
  void onARealThreadAFatalErrorEndsTheThreadAndStopsTheLoop() throws Exception {
    try (ThreadDeaths deaths = ThreadDeaths.record()) {
      ThreadLoopScheduler real = new ThreadLoopScheduler("test", "fatal");
      CountDownLatch onFatal = new CountDownLatch(1);
      SerialLoop realLoop =
          new SerialLoop("real", real, BACKOFF, () -> {}, e -> onFatal.countDown());
      OutOfMemoryError error = new OutOfMemoryError("simulated");
      realLoop.execute(
          () -> {
            throw error;
          });
      assertThat(onFatal.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(real.awaitTermination(Duration.ofSeconds(5))).isTrue();
      assertThat(realLoop.isRunning()).isFalse();
      assertThat(realLoop.fatal()).get().isSameAs(error);
      await()
          .dontCatchUncaughtExceptions()
          .atMost(Duration.ofSeconds(5))
          .until(() -> !deaths.deaths().isEmpty());
      assertThat(deaths.deaths())
          .singleElement()
          .satisfies(d -> assertThat(d.error()).isSameAs(error));
    }
  }

  @Test
  void aStrayInterruptDoesNotLeakIntoTheNextTask() throws Exception {
    ThreadLoopScheduler real = new ThreadLoopScheduler("test", "interrupts");
    SerialLoop realLoop = new SerialLoop("real", real, BACKOFF, () -> {}, e -> {});
    AtomicReference<Boolean> seen = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(1);
    realLoop.execute(() -> Thread.currentThread().interrupt());
    realLoop.execute(
        () -> {
          seen.set(Thread.currentThread().isInterrupted());
          done.countDown();
        });
    assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(seen).hasValue(false);
    realLoop.shutdown(Duration.ofSeconds(5));
  }

  @Test
  void drainRunsQueuedTasksThenStops() {
    List<String> ran = new ArrayList<>();
    loop.execute(() -> ran.add("queued"));
    assertThat(loop.drain(Duration.ofSeconds(1))).isTrue();
    scheduler.runDue();
    loop.execute(() -> ran.add("late"));
    scheduler.runDue();
    assertThat(ran).containsExactly("queued");
    assertThat(loop.isRunning()).isFalse();
  }
}
