// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.testkit.PendingCreate;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Two instances creating the fence table at once on PostgreSQL: the one that waits on the other's
 * {@code CREATE TABLE IF NOT EXISTS} gets a duplicate key in the catalog when the other commits;
 * the table exists, so its creation succeeds. A creation that genuinely fails names the table.
 */
class PostgresSchemaRaceTest {
  private final DataSource ds = PostgresFixture.dataSource();

  @Test
  void theLoserOfACreationRaceSucceeds() throws Exception {
    String table = "fence_race_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    try (PendingCreate other = PendingCreate.hold(ds, SqlFenceSchema.ddl(table))) {
      CompletableFuture<Void> creation =
          CompletableFuture.runAsync(() -> SqlFenceSchema.create(ds, table));
      other.awaitWaiter(Duration.ofSeconds(10));
      other.commit();
      creation.get(10, TimeUnit.SECONDS);
      SqlFenceSchema.check(ds, table);
    } finally {
      SqlTables.drop(ds, table);
    }
  }

  @Test
  void aCreationThatFailsNamesTheTable() {
    String table = "no_such_schema_" + System.nanoTime() + ".baton_fence";
    assertThatThrownBy(() -> SqlFenceSchema.create(ds, table))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining("cannot create the fence table " + table)
        .hasMessageContaining("schema");
  }

  @Test
  void aMissingTableFailsTheCheckWithItsDdl() {
    String table = "fence_missing_" + System.nanoTime();
    assertThatThrownBy(() -> SqlFenceSchema.check(ds, table))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining("the fence table " + table + " is missing")
        .hasMessageContaining(SqlFenceSchema.ddl(table));
  }

  @Test
  void anExistingTablePassesTheCheck() {
    String table = "fence_present_" + System.nanoTime();
    try {
      SqlFenceSchema.create(ds, table);
      SqlFenceSchema.check(ds, table);
      assertThat(SqlFence.create(ds, table, null).highest("r")).isEmpty();
    } finally {
      SqlTables.drop(ds, table);
    }
  }
}
