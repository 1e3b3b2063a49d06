// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A graceful stop: {@code close()} claims no more jobs, waits for the job in hand within the drain
 * timeout, then interrupts it. (It used to return at once and the worker went on claiming.)
 */
class JobWorkerCloseTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  static InMemoryJobStore storeWith(int jobs, ClaimConfig claims) {
    InMemoryJobStore store = new InMemoryJobStore(claims);
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    for (int slot = 0; slot < jobs; slot++) {
      store.createSlotJob("s", token, slot, Instant.EPOCH.plusSeconds(slot), "t");
    }
    return store;
  }

  @Test
  void closeStopsClaimingAndLetsTheJobInHandFinish() {
    InMemoryJobStore store = storeWith(2, ClaimConfig.DEFAULT);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<String> ran = new CopyOnWriteArrayList<>();
    JobWorker worker =
        JobWorker.builder(
                store,
                "w1",
                job -> {
                  ran.add(job.scheduleKey());
                  started.countDown();
                  awaitUninterruptibly(release);
                })
            .pollInterval(Duration.ofMillis(10))
            .drainTimeout(WITHIN)
            .start();
    await().atMost(WITHIN).until(() -> started.getCount() == 0);

    CompletableFuture<Void> closing = CompletableFuture.runAsync(worker::close);
    await().during(Duration.ofMillis(500)).atMost(WITHIN).until(() -> !closing.isDone());
    release.countDown();
    await().atMost(WITHIN).until(closing::isDone);

    assertThat(ran).containsExactly("s#0");
    assertThat(store.jobs("s"))
        .extracting(ScheduledJob::status)
        .containsExactly(ScheduledJob.DONE, ScheduledJob.PENDING);
    assertThat(worker.failures()).isZero();
  }

  @Test
  void closeInterruptsAJobThatOutlivesTheDrainTimeout() {
    InMemoryJobStore store = storeWith(1, ClaimConfig.DEFAULT);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    JobWorker worker =
        JobWorker.builder(
                store,
                "w1",
                job -> {
                  started.countDown();
                  try {
                    new CountDownLatch(1).await(1, TimeUnit.MINUTES);
                  } catch (InterruptedException e) {
                    interrupted.countDown();
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                  }
                })
            .pollInterval(Duration.ofMillis(10))
            .drainTimeout(Duration.ofMillis(200))
            .start();
    await().atMost(WITHIN).until(() -> started.getCount() == 0);
    long before = System.nanoTime();
    worker.close();
    assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(WITHIN);
    await().atMost(WITHIN).until(() -> interrupted.getCount() == 0);
    await().atMost(WITHIN).until(() -> worker.failures() == 1);
    ScheduledJob job = store.jobs("s").get(0);
    assertThat(job.status())
        .as("an interrupted job that throws is not done; it is released for a retry")
        .isEqualTo(ScheduledJob.PENDING);
    assertThat(job.lastError()).contains("java.lang.IllegalStateException: interrupted");
  }

  @Test
  void theWorkerRenewsTheClaimOfALongJob() {
    Duration lease = Duration.ofMillis(400);
    InMemoryJobStore store = storeWith(1, new ClaimConfig(lease, 5));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<String> ranElsewhere = new CopyOnWriteArrayList<>();
    try (JobWorker w1 =
        JobWorker.builder(
                store,
                "w1",
                job -> {
                  started.countDown();
                  awaitUninterruptibly(release);
                })
            .pollInterval(Duration.ofMillis(10))
            .start()) {
      await().atMost(WITHIN).until(() -> started.getCount() == 0);
      try (JobWorker w2 =
          JobWorker.start(
              store, "w2", job -> ranElsewhere.add(job.scheduleKey()), Duration.ofMillis(10))) {
        await()
            .during(lease.multipliedBy(4))
            .atMost(WITHIN)
            .until(() -> ranElsewhere.isEmpty() && store.jobs("s").get(0).attempts() == 1);
        release.countDown();
        await()
            .atMost(WITHIN)
            .until(() -> store.jobs("s").get(0).status().equals(ScheduledJob.DONE));
        assertThat(w2.failures()).isZero();
      }
      assertThat(w1.lostClaims()).isZero();
    }
    assertThat(ranElsewhere).isEmpty();
    assertThat(store.jobs("s").get(0).claimedBy()).contains("w1");
  }

  static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
