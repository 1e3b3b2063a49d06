// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.testkit.SqlTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A jobs table of the version before claim leases: claims fail with an error naming the DDL until
 * {@code createSchema()} adds the columns; then its jobs are claimed, a RUNNING one (claimed by the
 * old version, with no lease) as expired. A table of the version before retries (no last_error, no
 * indexes) is reported as needing the migration, refused with the DDL, and migrated the same way.
 */
class SqlJobStoreMigrationTest {
  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aTableOfThePreviousVersionGetsTheLeaseColumns(String db) throws SQLException {
    String prefix = "migrate_" + db + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE "
              + prefix
              + "_jobs (schedule_key VARCHAR(300) NOT NULL PRIMARY KEY, schedule VARCHAR(255) NOT"
              + " NULL, slot BIGINT NOT NULL, job_type VARCHAR(255) NOT NULL, scheduled_for"
              + " TIMESTAMP NOT NULL, token BIGINT NOT NULL, token_scope VARCHAR(512) NOT NULL,"
              + " status VARCHAR(16) NOT NULL, claimed_by VARCHAR(255), claimed_at TIMESTAMP,"
              + " completed_at TIMESTAMP)");
      s.execute(
          "INSERT INTO "
              + prefix
              + "_jobs VALUES ('s#0', 's', 0, 't', TIMESTAMP '2020-01-01 00:00:00', 1, '/s',"
              + " 'RUNNING', 'old-worker', TIMESTAMP '2020-01-01 00:00:01', NULL)");
      s.execute(
          "INSERT INTO "
              + prefix
              + "_jobs VALUES ('s#1', 's', 1, 't', TIMESTAMP '2020-01-01 00:01:00', 1, '/s',"
              + " 'PENDING', NULL, NULL, NULL)");
    }
    SqlJobStore store = SqlJobStore.create(ds, prefix, new ClaimConfig(Duration.ofSeconds(30), 5));
    assertThatThrownBy(() -> store.claim("w1"))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining(prefix + "_jobs")
        .hasMessageContaining("ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS attempts");

    store.createSchema();
    store.createSchema(); // idempotent

    ScheduledJob orphan = store.claim("w1").orElseThrow();
    assertThat(orphan.scheduleKey()).isEqualTo("s#0");
    assertThat(orphan.attempts()).isEqualTo(1);
    ScheduledJob pending = store.claim("w1").orElseThrow();
    assertThat(pending.scheduleKey()).isEqualTo("s#1");
    assertThat(store.claim("w2")).isEmpty();
    assertThat(store.complete(orphan)).isTrue();
    assertThat(store.jobs("s"))
        .extracting(ScheduledJob::status)
        .containsExactly(ScheduledJob.DONE, ScheduledJob.RUNNING);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aTableOfTheLeaseVersionGetsTheErrorColumnAndTheIndexes(String db) throws SQLException {
    String prefix = "migrate2_" + db + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    SqlJobStore store = SqlJobStore.create(ds, prefix, new ClaimConfig(Duration.ofSeconds(30), 5));
    assertThat(store.needsMigration()).as("no table yet").isFalse();
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
      s.execute(
          "INSERT INTO "
              + prefix
              + "_jobs (schedule_key, schedule, slot, job_type, scheduled_for, token, token_scope,"
              + " status) VALUES ('s#0', 's', 0, 't', TIMESTAMP '2020-01-01 00:00:00', 1, '/s',"
              + " 'PENDING')");
    }
    assertThat(store.needsMigration()).isTrue();
    assertThatThrownBy(() -> store.claim("w1"))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining("ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS last_error")
        .hasMessageContaining("CREATE INDEX IF NOT EXISTS " + prefix + "_claim_ix");

    store.createSchema();
    assertThat(store.needsMigration()).isFalse();
    assertThat(indexes(ds, prefix + "_jobs")).contains(prefix + "_claim_ix", prefix + "_purge_ix");
    ScheduledJob claim = store.claim("w1").orElseThrow();
    assertThat(store.fail(claim, new IllegalStateException("x"))).isTrue();
    assertThat(store.jobs("s").get(0).lastError()).contains("java.lang.IllegalStateException: x");
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
  }

  /** The names of a table's indexes, lower case. */
  static java.util.Set<String> indexes(DataSource ds, String table) throws SQLException {
    java.util.Set<String> names = new java.util.HashSet<>();
    try (Connection c = ds.getConnection()) {
      for (String name : new String[] {table, table.toUpperCase(java.util.Locale.ROOT)}) {
        try (java.sql.ResultSet rs = c.getMetaData().getIndexInfo(null, null, name, false, false)) {
          while (rs.next()) {
            String index = rs.getString("INDEX_NAME");
            if (index != null) {
              names.add(index.toLowerCase(java.util.Locale.ROOT));
            }
          }
        }
      }
    }
    return names;
  }
}
