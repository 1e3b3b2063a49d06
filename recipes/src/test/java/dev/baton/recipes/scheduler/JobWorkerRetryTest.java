// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A job whose handler throws is retried after the retry backoff, not after its (here 60 s) claim
 * lease, and marked FAILED with its error after the last attempt; the next job still runs.
 */
class JobWorkerRetryTest {
  private static final Duration WITHIN = Duration.ofSeconds(15);

  @ParameterizedTest
  @ValueSource(strings = {"memory", "h2", "postgresql"})
  void aFailingJobIsRetriedAfterTheBackoffThenFailed(String db) {
    ClaimConfig claims =
        new ClaimConfig(Duration.ofSeconds(60), 3)
            .withRetryBackoff(Duration.ofMillis(300), Duration.ofMillis(500));
    JobStore store =
        db.equals("memory")
            ? JobWorkerCloseTest.storeWith(2, claims)
            : SqlJobStoreRetryTest.store(db, claims, 2);
    List<String> ran = new CopyOnWriteArrayList<>();
    try (JobWorker worker =
        JobWorker.start(
            store,
            "w1",
            job -> {
              ran.add(job.scheduleKey() + "/" + job.attempts());
              if (job.slot() == 0) {
                throw new IllegalStateException("attempt " + job.attempts() + " broke");
              }
            },
            Duration.ofMillis(20))) {
      await()
          .atMost(WITHIN)
          .until(() -> store.jobs("s").get(0).status().equals(ScheduledJob.FAILED));
      assertThat(ran).containsExactlyInAnyOrder("s#0/1", "s#1/1", "s#0/2", "s#0/3");
      assertThat(ran)
          .filteredOn(r -> r.startsWith("s#0"))
          .containsExactly("s#0/1", "s#0/2", "s#0/3");
      assertThat(worker.failures()).isEqualTo(3);
      assertThat(worker.lostClaims()).isZero();
      ScheduledJob failed = store.jobs("s").get(0);
      assertThat(failed.attempts()).isEqualTo(3);
      assertThat(failed.lastError()).contains("java.lang.IllegalStateException: attempt 3 broke");
      assertThat(store.jobs("s").get(1).status()).isEqualTo(ScheduledJob.DONE);
    }
  }
}
