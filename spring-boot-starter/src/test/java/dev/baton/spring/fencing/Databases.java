// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The fencing tests' databases: a fresh in-memory H2, or the shared PostgreSQL with own tables. */
final class Databases {
  private static final AtomicInteger NAMES = new AtomicInteger();

  private Databases() {}

  /** A data source on {@code kind} ("h2" or "postgresql"). */
  static DataSource dataSource(String kind) {
    if (kind.equals("postgresql")) {
      return PostgresFixture.dataSource();
    }
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL(
        "jdbc:h2:mem:fencing-" + NAMES.incrementAndGet() + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000");
    return h2;
  }

  /** A table name no other test run uses (the PostgreSQL database is shared). */
  static String uniqueTable(String stem) {
    return stem + "_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
  }

  /** True if {@code table} exists (any letter case). */
  static boolean tableExists(DataSource dataSource, String table) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT COUNT(*) FROM information_schema.tables WHERE LOWER(table_name) = ?")) {
      s.setString(1, table.toLowerCase(java.util.Locale.ROOT));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1) > 0;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot look for table " + table, e);
    }
  }

  /** Drops the tables (a no-op for those that do not exist). */
  static void drop(DataSource dataSource, String... tables) {
    SqlTables.drop(dataSource, tables);
  }
}
