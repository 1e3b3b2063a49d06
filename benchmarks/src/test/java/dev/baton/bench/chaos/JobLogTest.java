// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.SafetyChecker.Row;
import dev.baton.fencing.FencingToken;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's jobs checked on a real H2 database: a history written by the real {@link
 * SqlJobStore} passes; rows removed or changed by hand (a missing first or last slot, a gap, an
 * older token, two writers of one token) are reported.
 */
class JobLogTest {
  private static final String SCHEDULE = "chaos.t";
  private ChaosCluster.Database db;
  private SqlJobStore store;

  @BeforeEach
  void createTables() {
    String url = "jdbc:h2:mem:joblog" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
    db = new ChaosCluster.Database(url, null, "127.0.0.1", 0, ChaosOptions.Db.H2);
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL(url);
    store = SqlJobStore.create(ds, "chaos");
    store.createSchema();
  }

  @AfterEach
  void dropDatabase() {
    db.drop();
  }

  /** Jobs of slots 0..n-1 by the real store, {@code writers[i]} with token {@code tokens[i]}. */
  private void createJobs(String[] writers, long[] tokens) {
    for (int slot = 0; slot < writers.length; slot++) {
      FencingToken token = FencingToken.of(tokens[slot]);
      store.registerTerm(SCHEDULE, token);
      assertThat(store.createSlotJob(SCHEDULE, token, slot, Instant.EPOCH, writers[slot])).isTrue();
    }
  }

  private void sql(String statement) throws SQLException {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  private List<String> violations() {
    List<String> v = new ArrayList<>();
    JobLog.check(db, v);
    return v;
  }

  @Test
  void jobsOfTheRealStorePassAndNameTheirWriters() {
    createJobs(new String[] {"c1", "c1", "c2"}, new long[] {1, 1, 2});

    List<String> v = new ArrayList<>();
    assertThat(JobLog.check(db, v)).isEqualTo(3);
    assertThat(v).isEmpty();
    assertThat(JobLog.read(db))
        .containsExactly(
            new Row("schedule", "c1", 1),
            new Row("schedule", "c1", 1),
            new Row("schedule", "c2", 2));
  }

  @Test
  void aMissingFirstSlotIsReported() throws SQLException {
    createJobs(new String[] {"c1", "c1", "c1"}, new long[] {1, 1, 1});
    sql("DELETE FROM chaos_jobs WHERE slot = 0");

    assertThat(violations()).singleElement().asString().contains("begins at slot 1, not 0");
  }

  @Test
  void aMissingLastSlotIsReported() throws SQLException {
    createJobs(new String[] {"c1", "c1", "c1"}, new long[] {1, 1, 1});
    sql("DELETE FROM chaos_jobs WHERE slot = 2");

    assertThat(violations())
        .singleElement()
        .asString()
        .contains("recorded progress up to slot 2, its last job is slot 1");
  }

  @Test
  void aGapAndAnOlderTokenAreReported() throws SQLException {
    createJobs(new String[] {"c1", "c2", "c2"}, new long[] {1, 2, 2});
    sql("DELETE FROM chaos_jobs WHERE slot = 1");
    sql("UPDATE chaos_jobs SET token = 0 WHERE slot = 2");

    assertThat(violations())
        .containsExactlyInAnyOrder(
            "CHAOS_JOBS: schedule chaos.t has slot 2 after slot 0 (a gap)",
            "CHAOS_JOBS: schedule chaos.t slot 2 has token 0, older than slot 0's 1");
  }

  @Test
  void twoWritersWithOneTokenAreReported() {
    createJobs(new String[] {"c1", "c2"}, new long[] {5, 5});

    SafetyChecker.Report r =
        SafetyChecker.check(JobLog.read(db), Map.<String, List<Event>>of(), db);

    assertThat(r.jobs()).isEqualTo(2);
    assertThat(r.violations())
        .singleElement()
        .asString()
        .contains("token 5 accepted from both c1 and c2");
  }
}
