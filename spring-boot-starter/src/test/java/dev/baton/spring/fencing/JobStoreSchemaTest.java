// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.scheduler.ClaimConfig;
import dev.baton.recipes.scheduler.ScheduledJob;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.spring.autoconfigure.BatonFencingAutoConfiguration;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code baton.scheduler.create-schema} follows Spring Boot's convention for {@code
 * spring.sql.init.mode}: Baton manages the tables always, or with embedded only on an embedded
 * database. Managed, a table of an earlier version is migrated at start-up; not managed (embedded
 * on PostgreSQL, never), it stops the start-up with a message naming the property and the DDL (it
 * used to start, and every claim then failed). The retry and retention properties reach the store.
 */
class JobStoreSchemaTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(BatonFencingAutoConfiguration.class));

  /** A jobs table as the version before retries made it: no last_error, no indexes. */
  private static String olderTable(DataSource ds) throws SQLException {
    String prefix = Databases.uniqueTable("olderjobs");
    Databases.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE "
              + prefix
              + "_jobs (schedule_key VARCHAR(300) NOT NULL PRIMARY KEY, schedule VARCHAR(255) NOT"
              + " NULL, slot BIGINT NOT NULL, job_type VARCHAR(255) NOT NULL, scheduled_for"
              + " TIMESTAMP NOT NULL, token BIGINT NOT NULL, token_scope VARCHAR(512) NOT NULL,"
              + " status VARCHAR(16) NOT NULL, claimed_by VARCHAR(255), claimed_at TIMESTAMP,"
              + " completed_at TIMESTAMP, attempts INT DEFAULT 0 NOT NULL,"
              + " lease_until TIMESTAMP WITH TIME ZONE)");
    }
    return prefix;
  }

  private static void dropAll(DataSource ds, String prefix) {
    Databases.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
  }

  @Test
  void onPostgresqlTheDefaultEmbeddedModeRefusesAnOlderTableNamingThePropertyAndTheDdl()
      throws SQLException {
    DataSource pg = Databases.dataSource("postgresql");
    String prefix = olderTable(pg);
    for (String mode : new String[] {"embedded", "never"}) {
      runner
          .withBean(DataSource.class, () -> pg)
          .withPropertyValues(
              "baton.fence.create-schema=never",
              "baton.scheduler.table-prefix=" + prefix,
              "baton.scheduler.create-schema=" + mode)
          .run(
              context ->
                  assertThat(context.getStartupFailure())
                      .hasStackTraceContaining("baton.scheduler.create-schema")
                      .hasStackTraceContaining("set baton.scheduler.create-schema=always")
                      .hasStackTraceContaining(
                          "ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS last_error")
                      .hasStackTraceContaining(
                          "CREATE INDEX IF NOT EXISTS " + prefix + "_claim_ix"));
    }
    assertThat(SqlJobStore.create(pg, prefix).needsMigration()).as("left untouched").isTrue();
    dropAll(pg, prefix);
  }

  @Test
  void onPostgresqlAlwaysMigratesAnOlderTable() throws SQLException {
    DataSource pg = Databases.dataSource("postgresql");
    String prefix = olderTable(pg);
    runner
        .withBean(DataSource.class, () -> pg)
        .withPropertyValues(
            "baton.fence.create-schema=never",
            "baton.scheduler.table-prefix=" + prefix,
            "baton.scheduler.create-schema=always")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              SqlJobStore store = context.getBean(SqlJobStore.class);
              assertThat(store.needsMigration()).isFalse();
              FencingToken token = FencingToken.of("/s", 1);
              store.registerTerm("s", token);
              store.createSlotJob("s", token, 0, Instant.EPOCH, "t");
              ScheduledJob claim = store.claim("w").orElseThrow();
              assertThat(store.fail(claim, new IllegalStateException("x"))).isTrue();
              assertThat(store.jobs("s").get(0).lastError()).isPresent();
            });
    dropAll(pg, prefix);
  }

  @Test
  void onPostgresqlEmbeddedLeavesAMissingTableAlone() {
    DataSource pg = Databases.dataSource("postgresql");
    String prefix = Databases.uniqueTable("nojobs");
    runner
        .withBean(DataSource.class, () -> pg)
        .withPropertyValues(
            "baton.fence.create-schema=never", "baton.scheduler.table-prefix=" + prefix)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(Databases.tableExists(pg, prefix + "_jobs")).isFalse();
            });
  }

  @Test
  void onAnEmbeddedDatabaseTheDefaultMigratesAnOlderTable() throws SQLException {
    DataSource h2 = Databases.dataSource("h2");
    String prefix = olderTable(h2);
    runner
        .withBean(DataSource.class, () -> h2)
        .withPropertyValues("baton.scheduler.table-prefix=" + prefix)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(SqlJobStore.class).needsMigration()).isFalse();
            });
  }

  @Test
  void theRetryAndRetentionPropertiesReachTheStoreAndInvalidOnesAreNamed() {
    runner
        .withBean(DataSource.class, () -> Databases.dataSource("h2"))
        .withPropertyValues(
            "baton.scheduler.retry-backoff=2s",
            "baton.scheduler.max-retry-backoff=1m",
            "baton.scheduler.done-retention=1h",
            "baton.scheduler.failed-retention=2d")
        .run(
            context ->
                assertThat(context.getBean(SqlJobStore.class).claimConfig())
                    .isEqualTo(
                        ClaimConfig.DEFAULT
                            .withRetryBackoff(Duration.ofSeconds(2), Duration.ofMinutes(1))
                            .withRetention(Duration.ofHours(1), Duration.ofDays(2))));
    String[][] invalid = {
      {"baton.scheduler.retry-backoff=-1s", "retryBackoff must not be negative"},
      {"baton.scheduler.max-retry-backoff=1ms", "maxRetryBackoff must be at least"},
      {"baton.scheduler.done-retention=10ms", "doneRetention must be at least 1 s"},
      {"baton.scheduler.failed-retention=0s", "failedRetention must be at least 1 s"},
    };
    for (String[] c : invalid) {
      runner
          .withBean(DataSource.class, () -> Databases.dataSource("h2"))
          .withPropertyValues(c[0])
          .run(
              context ->
                  assertThat(context.getStartupFailure())
                      .hasStackTraceContaining(c[0].substring(0, c[0].indexOf('=')))
                      .hasStackTraceContaining(c[1]));
    }
  }
}
