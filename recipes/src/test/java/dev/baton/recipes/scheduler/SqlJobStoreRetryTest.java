// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A failed attempt releases its claim at once, the job claimable again after the retry backoff in
 * the database's time (it used to wait out the whole lease), with the error recorded abbreviated
 * and escaped; the last attempt's failure marks the job FAILED; a stale claimer's failure writes
 * nothing.
 */
class SqlJobStoreRetryTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final Duration WITHIN = Duration.ofSeconds(10);

  static SqlJobStore store(String db, ClaimConfig claims, int jobs) {
    String prefix =
        "retry_" + db + "_" + RUNS.incrementAndGet() + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    SqlJobStore store = SqlJobStore.create(ds, prefix, claims);
    store.createSchema();
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    for (int slot = 0; slot < jobs; slot++) {
      store.createSlotJob("s", token, slot, Instant.EPOCH.plusSeconds(slot), "t");
    }
    return store;
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aFailedAttemptIsRetriedAfterTheBackoffThenFailed(String db) {
    ClaimConfig claims =
        new ClaimConfig(Duration.ofSeconds(60), 3)
            .withRetryBackoff(Duration.ofMillis(700), Duration.ofMillis(1000));
    SqlJobStore store = store(db, claims, 1);

    ScheduledJob first = store.claim("w1").orElseThrow();
    String hostile = "bad\r\nWARN forged line " + "x".repeat(1000);
    assertThat(store.fail(first, new IllegalStateException(hostile))).isTrue();
    ScheduledJob released = store.jobs("s").get(0);
    assertThat(released.status()).isEqualTo(ScheduledJob.PENDING);
    assertThat(released.attempts()).isEqualTo(1);
    assertThat(released.lastError().orElseThrow())
        .startsWith("java.lang.IllegalStateException: bad\\u000d\\u000aWARN forged line xxx")
        .endsWith("characters)")
        .doesNotContain("\n")
        .hasSizeLessThan(400);
    assertThat(store.claim("w2")).as("claimed before the backoff passed").isEmpty();
    assertThat(store.fail(first, new IllegalStateException("again"))).as("stale").isFalse();

    long before = System.nanoTime();
    ScheduledJob second =
        await().atMost(WITHIN).until(() -> store.claim("w2"), Optional::isPresent).orElseThrow();
    assertThat(Duration.ofNanos(System.nanoTime() - before))
        .as("retried long before the 60 s lease")
        .isLessThan(WITHIN);
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(second.lastError()).isEqualTo(released.lastError());
    assertThat(store.fail(second, new RuntimeException())).isTrue();
    assertThat(store.claim("w3")).isEmpty();

    ScheduledJob third =
        await().atMost(WITHIN).until(() -> store.claim("w3"), Optional::isPresent).orElseThrow();
    assertThat(third.attempts()).isEqualTo(3);
    assertThat(store.fail(third, new UnsupportedOperationException("last"))).isTrue();
    ScheduledJob failed = store.jobs("s").get(0);
    assertThat(failed.status()).isEqualTo(ScheduledJob.FAILED);
    assertThat(failed.lastError()).contains("java.lang.UnsupportedOperationException: last");
    assertThat(store.claim("w4")).isEmpty();
    assertThat(store.complete(third)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void theBackoffIsMeasuredInTheDatabase(String db) {
    ClaimConfig claims =
        new ClaimConfig(Duration.ofSeconds(60), 5)
            .withRetryBackoff(Duration.ofMinutes(10), Duration.ofMinutes(10));
    SqlJobStore store = store(db, claims, 1);
    ScheduledJob first = store.claim("w1").orElseThrow();
    assertThat(store.fail(first, new IllegalStateException("x"))).isTrue();
    await().during(Duration.ofMillis(500)).atMost(WITHIN).until(() -> store.claim("w2").isEmpty());
    assertThat(store.jobs("s").get(0).status()).isEqualTo(ScheduledJob.PENDING);
  }
}
