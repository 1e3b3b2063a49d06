// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.testkit.PostgresFixture;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@code SqlFenceSchema.create(dataSource)} makes the default table, {@code baton_fence}, which
 * {@code SqlFence.create(dataSource)} then uses; twice is harmless. On H2 in a database of its own,
 * on PostgreSQL in a schema of its own (the database is shared with other test runs, which may use
 * the default table in the public schema at the same time).
 */
class SqlFenceSchemaDefaultTableTest {
  @Test
  void createsTheDefaultTableOnH2() throws SQLException {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:baton-default-table;DB_CLOSE_DELAY=-1");
    assertThat(tableExists(h2, null)).isFalse();
    SqlFenceSchema.create(h2);
    SqlFenceSchema.create(h2); // IF NOT EXISTS
    assertThat(tableExists(h2, null)).isTrue();
    theDefaultFenceWorksOnIt(h2);
  }

  @Test
  void createsTheDefaultTableOnPostgres() throws SQLException {
    String schema = "baton_default_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    execute(PostgresFixture.dataSource(), "CREATE SCHEMA " + schema);
    try {
      PGSimpleDataSource pg = new PGSimpleDataSource();
      pg.setURL(PostgresFixture.url());
      pg.setCurrentSchema(schema);
      assertThat(tableExists(pg, schema)).isFalse();
      SqlFenceSchema.create(pg);
      SqlFenceSchema.create(pg);
      assertThat(tableExists(pg, schema)).isTrue();
      theDefaultFenceWorksOnIt(pg);
    } finally {
      execute(PostgresFixture.dataSource(), "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  @Test
  void aNullDataSourceIsRefusedByName() {
    assertThatThrownBy(() -> SqlFenceSchema.create(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("dataSource");
  }

  private static void theDefaultFenceWorksOnIt(DataSource ds) {
    SqlFence fence = SqlFence.create(ds);
    assertThat(fence.table()).isEqualTo(SqlFenceSchema.DEFAULT_TABLE);
    fence.write("r", FencingToken.of("/s", 5), c -> null);
    assertThat(fence.highest("r")).contains(FencingToken.of("/s", 5));
    assertThatThrownBy(() -> fence.write("r", FencingToken.of("/s", 4), c -> null))
        .isInstanceOf(StaleTokenException.class);
  }

  private static boolean tableExists(DataSource ds, String schema) throws SQLException {
    try (Connection c = ds.getConnection()) {
      DatabaseMetaData meta = c.getMetaData();
      String name = SqlFenceSchema.DEFAULT_TABLE;
      if (meta.storesUpperCaseIdentifiers()) {
        name = name.toUpperCase(Locale.ROOT);
      }
      try (ResultSet rs = meta.getTables(null, schema, name, new String[] {"TABLE"})) {
        return rs.next();
      }
    }
  }

  private static void execute(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
