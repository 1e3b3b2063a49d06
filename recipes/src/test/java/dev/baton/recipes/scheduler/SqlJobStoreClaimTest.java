// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.SqlTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Claims are leases in the database's time, on H2 and PostgreSQL: a claim holds until the
 * database's time at the claim (or the last renewal) plus the lease; a claim whose lease has passed
 * is claimed again with one attempt more; the stale claimer can neither renew nor complete over the
 * newer attempt; past the last attempt the job is FAILED.
 *
 * <p>Where an outcome depends on whether a lease has passed, the test decides it, not the machine's
 * speed: the lease is long ({@link #LONG_LEASE}, never over while a test runs) and a lease is ended
 * explicitly by setting the row's {@code lease_until} into the past in the database's time ({@link
 * #endLease}). An earlier version relied on a 300 ms lease still holding a few statements after the
 * claim ("claimed while the lease holds"), and on a 1 s lease being renewed every 100 ms; under
 * load (two cores shared with other builds) those statements took longer than the lease, the lease
 * legitimately ran out and the test failed. Only {@link #aJobWhoseLastAttemptExpiresIsFailed} lets
 * a short lease run out by itself, and it only waits for that: no outcome there depends on how long
 * the lease lasts.
 */
class SqlJobStoreClaimTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final Duration LONG_LEASE = Duration.ofMinutes(10);
  private static final Duration SHORT_LEASE = Duration.ofMillis(300);
  private static final Duration WITHIN = Duration.ofSeconds(10);

  private record Fixture(SqlJobStore store, DataSource dataSource, String jobs) {}

  private static Fixture fixture(String db, ClaimConfig claims) {
    String prefix =
        "claims_" + db + "_" + RUNS.incrementAndGet() + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    SqlJobStore store = SqlJobStore.create(ds, prefix, claims);
    store.createSchema();
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    store.createSlotJob("s", token, 0, Instant.EPOCH, "t");
    return new Fixture(store, ds, prefix + "_jobs");
  }

  private static ScheduledJob only(JobStore store) {
    return store.jobs("s").get(0);
  }

  /** Ends the running claim's lease now, in the database's time, as if it had run out. */
  private static void endLease(Fixture f) throws SQLException {
    try (Connection c = f.dataSource().getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "UPDATE "
                    + f.jobs()
                    + " SET lease_until = CURRENT_TIMESTAMP - INTERVAL '1' SECOND"
                    + " WHERE status = 'RUNNING'")) {
      assertThat(p.executeUpdate()).as("running claims whose lease was ended").isEqualTo(1);
    }
  }

  private static OffsetDateTime leaseUntil(Fixture f) throws SQLException {
    return query(f.dataSource(), "SELECT lease_until FROM " + f.jobs());
  }

  private static OffsetDateTime databaseNow(Fixture f) throws SQLException {
    return query(f.dataSource(), "SELECT CURRENT_TIMESTAMP");
  }

  private static OffsetDateTime query(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        PreparedStatement p = c.prepareStatement(sql);
        ResultSet rs = p.executeQuery()) {
      assertThat(rs.next()).as("a row from %s", sql).isTrue();
      return rs.getObject(1, OffsetDateTime.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void anExpiredClaimIsTakenOverAndTheStaleClaimerCannotOverwriteIt(String db) throws SQLException {
    Fixture f = fixture(db, new ClaimConfig(LONG_LEASE, 5));
    SqlJobStore store = f.store();
    ScheduledJob first = store.claim("w1").orElseThrow();
    assertThat(first.status()).isEqualTo(ScheduledJob.RUNNING);
    assertThat(first.claimedBy()).contains("w1");
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(store.claim("w2")).as("claimed while the lease holds").isEmpty();

    endLease(f);
    ScheduledJob second = store.claim("w2").orElseThrow();
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
  void aRenewedClaimHoldsPastItsLease(String db) throws SQLException {
    Fixture f = fixture(db, new ClaimConfig(LONG_LEASE, 5));
    SqlJobStore store = f.store();
    OffsetDateTime beforeClaim = databaseNow(f);
    ScheduledJob claim = store.claim("w1").orElseThrow();
    OffsetDateTime afterClaim = databaseNow(f);
    OffsetDateTime claimedUntil = leaseUntil(f);
    assertThat(claimedUntil)
        .as("the claim's lease: the database's time at the claim plus the lease")
        .isBetween(beforeClaim.plus(LONG_LEASE), afterClaim.plus(LONG_LEASE));

    // The database's clock moves on (no sleep: its time is read until it has), then a renewal.
    await().atMost(WITHIN).until(() -> databaseNow(f).isAfter(afterClaim));
    OffsetDateTime beforeRenewal = databaseNow(f);
    assertThat(store.renew(claim)).isTrue();
    OffsetDateTime afterRenewal = databaseNow(f);
    assertThat(leaseUntil(f))
        .as("the renewed lease: the database's time at the renewal plus the lease")
        .isBetween(beforeRenewal.plus(LONG_LEASE), afterRenewal.plus(LONG_LEASE))
        .isAfter(claimedUntil);
    assertThat(store.claim("w2")).as("claimed while the renewed lease holds").isEmpty();

    assertThat(store.complete(claim)).isTrue();
    assertThat(only(store).attempts()).isEqualTo(1);
    assertThat(only(store).status()).isEqualTo(ScheduledJob.DONE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aJobWhoseLastAttemptExpiresIsFailed(String db) {
    SqlJobStore store = fixture(db, new ClaimConfig(SHORT_LEASE, 2)).store();
    ScheduledJob first = store.claim("w1").orElseThrow();
    Optional<ScheduledJob> second =
        await().atMost(WITHIN).until(() -> store.claim("w2"), Optional::isPresent);
    assertThat(second.orElseThrow().attempts()).isEqualTo(2);
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
