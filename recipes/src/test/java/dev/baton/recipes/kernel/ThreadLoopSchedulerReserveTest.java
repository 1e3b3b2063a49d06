// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A loop reserved by the calling thread runs what it queued there, and only there. */
class ThreadLoopSchedulerReserveTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  @Test
  void anIdleLoopIsReservedAndItsTasksRunOnTheReservingThreadInOrder() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "reserved");
    List<String> ran = new CopyOnWriteArrayList<>();
    Thread me = Thread.currentThread();
    assertThat(loop.reserve()).isTrue();
    loop.schedule(
        () -> ran.add("first " + (Thread.currentThread() == me) + " " + loop.inLoop()), 0);
    loop.schedule(() -> ran.add("second"), 0);
    assertThat(ran).as("nothing runs before runReserved: no thread was lent").isEmpty();
    assertThat(loop.reserve()).as("reserved: not idle").isFalse();
    loop.runReserved();
    assertThat(ran).containsExactly("first true true", "second");
    assertThat(loop.inLoop()).isFalse();

    CountDownLatch later = new CountDownLatch(1);
    loop.schedule(later::countDown, 0); // given back: a borrowed thread runs it
    assertThat(later.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    loop.shutdown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
  }

  @Test
  void theReservingThreadKeepsItsInterruptStatusAndTasksRunWithoutIt() {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "reserved-interrupt");
    List<Boolean> seen = new CopyOnWriteArrayList<>();
    assertThat(loop.reserve()).isTrue();
    loop.schedule(() -> seen.add(Thread.currentThread().isInterrupted()), 0);
    Thread.currentThread().interrupt();
    try {
      loop.runReserved();
      assertThat(seen).containsExactly(false);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
      loop.shutdown();
    }
  }

  @Test
  void aBusyOrStoppedLoopIsNotReserved() throws Exception {
    ThreadLoopScheduler loop = new ThreadLoopScheduler("test", "busy");
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
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
    assertThat(loop.reserve()).isFalse();
    gate.countDown();
    loop.shutdown();
    assertThat(loop.awaitTermination(WITHIN)).isTrue();
    assertThat(loop.reserve()).isFalse();
  }
}
