// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.PendingCreate;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Two instances creating the scheduler's tables at once on PostgreSQL: the one that waits on the
 * other's {@code CREATE TABLE IF NOT EXISTS} of the jobs table gets a duplicate key in the catalog
 * when the other commits; the table exists, so its {@code createSchema()} succeeds.
 */
class SqlJobStoreSchemaRaceTest {
  @Test
  void theLoserOfACreationRaceSucceeds() throws Exception {
    DataSource ds = PostgresFixture.dataSource();
    String prefix = "sched_race_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 1000;
    String jobsDdl = SqlJobStore.ddl(prefix).get(2);
    assertThat(jobsDdl).contains(prefix + "_jobs");
    SqlJobStore store = SqlJobStore.create(ds, prefix);
    try (PendingCreate other = PendingCreate.hold(ds, jobsDdl)) {
      CompletableFuture<Void> creation = CompletableFuture.runAsync(store::createSchema);
      other.awaitWaiter(Duration.ofSeconds(10));
      other.commit();
      creation.get(10, TimeUnit.SECONDS);
      assertThat(store.needsMigration()).isFalse();
      assertThat(store.claim("w1")).isEmpty();
    } finally {
      SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    }
  }
}
