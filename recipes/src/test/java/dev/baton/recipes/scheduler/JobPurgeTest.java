// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Finished jobs are deleted past their retention (done and failed ones each by their own), in
 * batches of the limit given, never a pending or running one; the schedule's progress stays, so a
 * deleted job is not created again. An idle worker purges on its own.
 */
class JobPurgeTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);

  private static JobStore workerStore(String db, ClaimConfig claims, int jobs) {
    return db.equals("memory")
        ? JobWorkerCloseTest.storeWith(jobs, claims)
        : SqlJobStoreRetryTest.store(db, claims, jobs);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void finishedJobsAreDeletedInBatchesPastTheirRetention(String db) {
    String prefix = "purge_" + db + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    ClaimConfig keepAll = new ClaimConfig(Duration.ofSeconds(60), 1);
    SqlJobStore store = SqlJobStore.create(ds, prefix, keepAll);
    store.createSchema();
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    for (int slot = 0; slot < 6; slot++) {
      store.createSlotJob("s", token, slot, Instant.EPOCH.plusSeconds(slot), "t");
    }
    for (int i = 0; i < 4; i++) {
      assertThat(store.complete(store.claim("w").orElseThrow())).isTrue();
    }
    assertThat(store.fail(store.claim("w").orElseThrow(), new IllegalStateException())).isTrue();
    ScheduledJob running = store.claim("w").orElseThrow();
    assertThat(store.purge(100)).as("younger than the default retention").isZero();

    // the same tables, seen by stores that keep done jobs 1 s (and failed ones 1 day, then 1 s)
    Duration second = Duration.ofSeconds(1);
    SqlJobStore purgeDone =
        SqlJobStore.create(ds, prefix, keepAll.withRetention(second, Duration.ofDays(1)));
    await().pollDelay(Duration.ofMillis(1500)).atMost(WITHIN).until(() -> true);
    assertThat(purgeDone.purge(3)).isEqualTo(3);
    assertThat(purgeDone.purge(3)).isEqualTo(1);
    assertThat(purgeDone.purge(3)).isZero();
    assertThat(store.jobs("s"))
        .extracting(ScheduledJob::status)
        .containsExactly(ScheduledJob.FAILED, ScheduledJob.RUNNING);

    SqlJobStore purgeAll = SqlJobStore.create(ds, prefix, keepAll.withRetention(second, second));
    assertThat(purgeAll.purge(3)).isEqualTo(1);
    assertThat(store.jobs("s")).extracting(ScheduledJob::scheduleKey).containsExactly("s#5");
    assertThat(store.complete(running)).isTrue();
    assertThat(store.lastScheduledSlot("s")).isEqualTo(5);
    assertThat(store.createSlotJob("s", token, 2, Instant.EPOCH, "t"))
        .as("a purged slot is not created again")
        .isFalse();
    assertThatThrownBy(() -> store.purge(0)).isInstanceOf(IllegalArgumentException.class);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
  }

  @Test
  void theMemoryStoreKeepsFinishedJobsForTheirRetention() {
    ClaimConfig claims =
        new ClaimConfig(Duration.ofSeconds(60), 1)
            .withRetention(Duration.ofDays(1), Duration.ofDays(1));
    JobStore store = JobWorkerCloseTest.storeWith(2, claims);
    assertThat(store.complete(store.claim("w").orElseThrow())).isTrue();
    assertThat(store.fail(store.claim("w").orElseThrow(), new IllegalStateException())).isTrue();
    assertThat(store.purge(10)).isZero();
    assertThat(store.jobs("s")).hasSize(2);
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "postgresql"})
  void anIdleWorkerPurgesDoneJobs(String db) {
    ClaimConfig claims =
        ClaimConfig.DEFAULT.withRetention(Duration.ofSeconds(1), Duration.ofSeconds(1));
    JobStore store = workerStore(db, claims, 3);
    try (JobWorker worker =
        JobWorker.builder(store, "w1", job -> {})
            .pollInterval(Duration.ofMillis(20))
            .purgeInterval(Duration.ofMillis(100))
            .start()) {
      await().atMost(WITHIN).until(() -> store.jobs("s").isEmpty());
      assertThat(worker.purgedJobs()).isEqualTo(3);
      assertThat(store.lastScheduledSlot("s")).isEqualTo(2);
    }
  }
}
