// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Drops the tables and sequences a test created, so runs on a shared database leave nothing. */
public final class SqlTables {
  private SqlTables() {}

  /** Drops each table if it exists (names are the test's own identifiers). */
  public static void drop(DataSource dataSource, String... tables) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String table : tables) {
        if (!table.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          throw new IllegalArgumentException("not a plain table name: " + table);
        }
        s.execute("DROP TABLE IF EXISTS " + table);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop test tables", e);
    }
  }

  /** Drops each sequence if it exists (names are the test's own identifiers). */
  public static void dropSequences(DataSource dataSource, String... sequences) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String sequence : sequences) {
        if (!sequence.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          throw new IllegalArgumentException("not a plain sequence name: " + sequence);
        }
        s.execute("DROP SEQUENCE IF EXISTS " + sequence);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop test sequences", e);
    }
  }
}
