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
 * Claims are leases in the database's time, on H2 and PostgreSQL: a claim that is not renewed
 * expires and the job is claimed again with one attempt more; a renewed claim holds; the stale
 * claimer can neither renew nor complete over the newer attempt; past the last attempt the job is
 * FAILED.
 */
class SqlJobStoreClaimTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final Duration LEASE = Duration.ofMillis(300);
  private static final Duration WITHIN = Duration.ofSeconds(10);

  private static SqlJobStore store(String db, ClaimConfig claims) {
    String prefix =
        "claims_" + db + "_" + RUNS.incrementAndGet() + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    SqlJobStore store = SqlJobStore.create(ds, prefix, claims);
    store.createSchema();
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    store.createSlotJob("s", token, 0, Instant.EPOCH, "t");
    return store;
  }

  private static ScheduledJob only(JobStore store) {
    return store.jobs("s").get(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void anExpiredClaimIsTakenOverAndTheStaleClaimerCannotOverwriteIt(String db) {
    SqlJobStore store = store(db, new ClaimConfig(LEASE, 5));
    ScheduledJob first = store.claim("w1").orElseThrow();
    assertThat(first.status()).isEqualTo(ScheduledJob.RUNNING);
    assertThat(first.claimedBy()).contains("w1");
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(store.claim("w2")).as("claimed while the lease holds").isEmpty();

    ScheduledJob second =
        await().atMost(WITHIN).until(() -> store.claim("w2"), Optional::isPresent).orElseThrow();
    assertThat(second.claimedBy()).contains("w2");
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(only(store).attempts()).isEqualTo(2);

    assertThat(store.renew(first)).as("stale renewal").isFalse();
    assertThat(store.complete(first)).as("stale completion").isFalse();
    assertThat(only(store).status()).isEqualTo(ScheduledJob.RUNNING);
    assertThat(only(store).claimedBy()).contains("w2");

    assertThat(store.complete(second)).isTrue();
    assertThat(store.complete(first)).isFalse();
    assertThat(only(store).status()).isEqualTo(ScheduledJob.DONE);
    assertThat(store.claim("w3")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aRenewedClaimHoldsPastItsLease(String db) {
    Duration lease = Duration.ofSeconds(1);
    SqlJobStore store = store(db, new ClaimConfig(lease, 5));
    ScheduledJob claim = store.claim("w1").orElseThrow();
    await()
        .during(lease.multipliedBy(2))
        .atMost(WITHIN)
        .pollInterval(lease.dividedBy(10))
        .until(() -> store.renew(claim) && store.claim("w2").isEmpty());
    assertThat(store.complete(claim)).isTrue();
    assertThat(only(store).attempts()).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aJobWhoseLastAttemptExpiresIsFailed(String db) {
    SqlJobStore store = store(db, new ClaimConfig(LEASE, 2));
    ScheduledJob first = store.claim("w1").orElseThrow();
    await().atMost(WITHIN).until(() -> store.claim("w2").isPresent());
    await()
        .atMost(WITHIN)
        .until(
            () -> {
              assertThat(store.claim("w3")).isEmpty();
              return only(store).status().equals(ScheduledJob.FAILED);
            });
    assertThat(only(store).attempts()).isEqualTo(2);
    assertThat(store.complete(first)).isFalse();
    assertThat(only(store).status()).isEqualTo(ScheduledJob.FAILED);
  }
}
