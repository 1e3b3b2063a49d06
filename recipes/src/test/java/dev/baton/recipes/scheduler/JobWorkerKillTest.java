// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.tools.Server;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * At-least-once across a crash: a worker in its own JVM claims a job and is killed with SIGKILL
 * while running it; once the claim's lease expires, a worker elsewhere runs the job again (attempt
 * 2) and completes it. (The job used to stay RUNNING under its dead claimer forever.)
 */
class JobWorkerKillTest {
  private static final Duration LEASE = Duration.ofSeconds(1);
  private static final Duration WITHIN = Duration.ofSeconds(30);

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aJobWhoseWorkerIsKilledRunsAgainAfterTheLease(String db) throws SQLException {
    String prefix = "killed_" + db + "_" + ProcessHandle.current().pid();
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    try {
      String url =
          db.equals("h2")
              ? "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + prefix + ";DB_CLOSE_DELAY=-1"
              : PostgresFixture.url();
      javax.sql.DataSource ds;
      if (db.equals("h2")) {
        JdbcDataSource h2ds = new JdbcDataSource();
        h2ds.setURL(url);
        ds = h2ds;
      } else {
        ds = PostgresFixture.dataSource();
      }
      SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
      SqlJobStore store = SqlJobStore.create(ds, prefix, new ClaimConfig(LEASE, 5));
      store.createSchema();
      FencingToken token = FencingToken.of("/s", 1);
      store.registerTerm("s", token);
      store.createSlotJob("s", token, 0, Instant.EPOCH, "t");

      try (ChildJvm child =
          ChildJvm.start(JobWorkerChildMain.class, url, prefix, "doomed", "" + LEASE.toMillis())) {
        assertThat(child.awaitLine("RUNNING", 0, WITHIN)).isEqualTo("RUNNING s#0 1");
        child.kill();
      }
      ScheduledJob orphan = store.jobs("s").get(0);
      assertThat(orphan.status()).isEqualTo(ScheduledJob.RUNNING);
      assertThat(orphan.claimedBy()).contains("doomed");

      List<ScheduledJob> ran = new CopyOnWriteArrayList<>();
      try (JobWorker survivor =
          JobWorker.start(store, "survivor", ran::add, Duration.ofMillis(20))) {
        await()
            .atMost(WITHIN)
            .until(() -> store.jobs("s").get(0).status().equals(ScheduledJob.DONE));
        assertThat(survivor.failures()).isZero();
      }
      assertThat(ran).singleElement().satisfies(j -> assertThat(j.attempts()).isEqualTo(2));
      ScheduledJob done = store.jobs("s").get(0);
      assertThat(done.claimedBy()).contains("survivor");
      assertThat(done.attempts()).isEqualTo(2);
      SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    } finally {
      h2.stop();
    }
  }
}
