// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ThreadDeaths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Loops on threads borrowed from the shared pool: order, naming, idleness, interrupts, failure. */
class ThreadLoopSchedulerTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  private static boolean threadNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name));
  }

  private static void awaitLatch(CountDownLatch latch) throws InterruptedException {
    assertThat(latch.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  @Test
  void tasksRunInOrderOfDueTimeThenSubmissionOnAThreadNamedAfterTheLoop() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "order");
    List<String> ran = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    loop.schedule(
        () -> {
          try {
            gate.await(); // the next three are queued meanwhile
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          ran.add("first " + Thread.currentThread().getName() + " " + loop.inLoop());
        },
        0);
    loop.schedule(
        () -> {
          ran.add("delayed");
          done.countDown();
        },
        TimeUnit.MILLISECONDS.toNanos(50));
    loop.schedule(() -> ran.add("second"), 0);
    loop.schedule(() -> ran.add("third"), 0);
    gate.countDown();
    awaitLatch(done);
    assertThat(ran).containsExactly("first baton-test-order true", "second", "third", "delayed");
    assertThat(loop.inLoop()).isFalse();
    loop.shutdown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
  }

  @Test
  void anIdleLoopHoldsNoThreadNotEvenWhileItWaitsForADelayedTask() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "idle");
    CountDownLatch ran = new CountDownLatch(1);
    long start = System.nanoTime();
    loop.schedule(ran::countDown, TimeUnit.MILLISECONDS.toNanos(300));
    assertThat(threadNamed("baton-test-idle")).isFalse();
    awaitLatch(ran);
    assertThat(System.nanoTime() - start)
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));
    await().atMost(WITHIN).until(() -> !threadNamed("baton-test-idle"));
    loop.shutdown();
  }

  @Test
  void manyLoopsShareAFewThreads() throws Exception {
    int loops = 100;
    Set<Thread> used = new HashSet<>();
    for (int i = 0; i < loops; i++) {
      ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "many-" + i);
      AtomicReference<Thread> thread = new AtomicReference<>();
      CountDownLatch ran = new CountDownLatch(1);
      loop.schedule(
          () -> {
            thread.set(Thread.currentThread());
            ran.countDown();
          },
          0);
      awaitLatch(ran);
      String name = "baton-test-many-" + i;
      await() // until it has given the thread back
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(1))
          .atMost(WITHIN)
          .until(() -> !thread.get().getName().equals(name));
      used.add(thread.get());
      loop.shutdown();
    }
    // One thread per loop before; now a thread is lent while a loop has work and reused after.
    assertThat(used).hasSizeLessThan(loops / 2);
  }

  @Test
  void anInterruptReachesTheTaskInProgressAndNoLaterBorrower() throws Exception {
    ThreadLoopScheduler first = new ThreadLoopScheduler("test", "interrupted");
    CountDownLatch blocked = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    first.schedule(
        () -> {
          blocked.countDown();
          try {
            new CountDownLatch(1).await(); // until interrupted
          } catch (InterruptedException e) {
            interrupted.countDown();
            Thread.currentThread().interrupt(); // left set, as a careless task would
          }
        },
        0);
    awaitLatch(blocked);
    first.interrupt();
    awaitLatch(interrupted);
    first.interrupt(); // nothing in progress now: reaches nobody
    List<Boolean> seen = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ThreadLoopScheduler next = new ThreadLoopScheduler("test", "after-interrupt-" + i);
      CountDownLatch ran = new CountDownLatch(1);
      AtomicBoolean flag = new AtomicBoolean(true);
      next.schedule(
          () -> {
            flag.set(Thread.currentThread().isInterrupted());
            ran.countDown();
          },
          0);
      awaitLatch(ran);
      seen.add(flag.get());
    }
    assertThat(seen).containsOnly(false);
  }

  /**
   * The borrowed thread dies of the throwable a moment after the loop reports itself shut down: the
   * test waits for that death, recorded, so that it cannot reach the next test's await (Awaitility
   * fails an await on any uncaught exception, which once failed {@code manyLoopsShareAFewThreads}
   * on a loaded machine).
   */
  @Test
  void aThrowableThatATaskLetsOutStopsTheLoopForGood() throws Exception {
    try (ThreadDeaths deaths = ThreadDeaths.record()) {
      ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "dies");
      AtomicBoolean after = new AtomicBoolean();
      loop.schedule(
          () -> {
            throw new IllegalStateException("escapes: nothing wraps the tasks");
          },
          0);
      assertThat(loop.awaitTermination(WITHIN)).isTrue();
      assertThat(loop.isShutdown()).isTrue();
      assertThat(loop.schedule(() -> after.set(true), 0)).isFalse();
      assertThat(after).isFalse();
      await().dontCatchUncaughtExceptions().atMost(WITHIN).until(() -> !deaths.deaths().isEmpty());
      assertThat(deaths.deaths())
          .singleElement()
          .satisfies(d -> assertThat(d.error()).hasMessageContaining("escapes"));
    }
  }

  @Test
  void shutdownDropsTasksNotYetDueAndAwaitsTheOneInProgress() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "shutdown");
    CountDownLatch inTask = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean delayedRan = new AtomicBoolean();
    loop.schedule(
        () -> {
          inTask.countDown();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        },
        0);
    loop.schedule(() -> delayedRan.set(true), TimeUnit.MILLISECONDS.toNanos(100));
    awaitLatch(inTask);
    loop.shutdown();
    assertThat(loop.awaitTermination(Duration.ofMillis(200))).isFalse(); // still in its task
    release.countDown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
    await() // past the delayed task's due time: it must not run
        .during(Duration.ofMillis(200))
        .atMost(WITHIN)
        .until(() -> !delayedRan.get());
  }
}
