// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An idle loop is stopped in place by the caller; a busy one is left to its usual shutdown. */
class ThreadLoopSchedulerShutdownIfIdleTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  @Test
  void anIdleLoopStopsInPlaceAndRefusesLaterTasks() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "idle");
    assertThat(loop.shutdownIfIdle()).isTrue();
    assertThat(loop.isShutdown()).isTrue();
    assertThat(loop.awaitTermination(Duration.ZERO)).as("nothing left to wait for").isTrue();
    AtomicInteger late = new AtomicInteger();
    assertThat(loop.schedule(late::incrementAndGet, 0)).as("refused once stopped").isFalse();
    assertThat(late).hasValue(0);
    assertThat(loop.shutdownIfIdle()).as("already stopped").isFalse();
  }

  @Test
  void aLoopThatRanItsTasksStopsInPlaceOnceItGaveItsThreadBack() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "ran");
    CountDownLatch ran = new CountDownLatch(1);
    loop.schedule(ran::countDown, 0);
    assertThat(ran.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    await().atMost(WITHIN).until(loop::shutdownIfIdle);
    assertThat(loop.isShutdown()).isTrue();
    assertThat(loop.schedule(() -> {}, 0)).isFalse();
  }

  @Test
  void aLoopRunningATaskIsNotStopped() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "busy");
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    CountDownLatch after = new CountDownLatch(1);
    loop.schedule(
        () -> {
          inside.countDown();
          try {
            gate.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        },
        0);
    assertThat(inside.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(loop.shutdownIfIdle()).isFalse();
    assertThat(loop.isShutdown()).isFalse();
    assertThat(loop.schedule(after::countDown, 0)).as("still takes tasks").isTrue();
    gate.countDown();
    assertThat(after.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    loop.shutdown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
  }

  @Test
  void aLoopWithATaskQueuedForLaterIsNotStopped() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "delayed");
    CountDownLatch ran = new CountDownLatch(1);
    loop.schedule(ran::countDown, TimeUnit.MILLISECONDS.toNanos(50));
    assertThat(loop.shutdownIfIdle()).isFalse();
    assertThat(ran.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    loop.shutdown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
  }

  @Test
  void aTaskSubmittedAgainstShutdownIfIdleIsEitherRefusedOrRun() throws Exception {
    ExecutorService submitter = Executors.newSingleThreadExecutor();
    try {
      for (int i = 0; i < 300; i++) {
        ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "race-" + i);
        CountDownLatch ran = new CountDownLatch(1);
        CyclicBarrier start = new CyclicBarrier(2);
        Future<Boolean> submitted =
            submitter.submit(
                () -> {
                  start.await();
                  return loop.schedule(ran::countDown, 0);
                });
        start.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        boolean stopped = loop.shutdownIfIdle();
        boolean taken = submitted.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        if (taken && stopped) {
          assertThat(ran.getCount()).as("stopped as idle only after the task ran").isZero();
        }
        if (taken) {
          assertThat(ran.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS))
              .as("an accepted task runs")
              .isTrue();
        } else {
          assertThat(stopped).as("refused only by a stopped loop").isTrue();
          assertThat(ran.getCount()).isEqualTo(1);
        }
        loop.shutdown();
        assertThat(loop.awaitTermination(WITHIN)).isTrue();
      }
    } finally {
      submitter.shutdownNow();
    }
  }
}
