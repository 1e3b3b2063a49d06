// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;

/** Drops the tables and sequences a test created, so runs on a shared database leave nothing. */
public final class SqlTables {
  private SqlTables() {}

  /** Drops each table if it exists (names are the test's own identifiers). */
  public static void drop(DataSource dataSource, String... tables) {
    dropAll(dataSource, "TABLE", tables);
  }

  /** Drops each sequence if it exists (names are the test's own identifiers). */
  public static void dropSequences(DataSource dataSource, String... sequences) {
    dropAll(dataSource, "SEQUENCE", sequences);
  }

  private static void dropAll(DataSource dataSource, String kind, String... names) {
    String what = kind.toLowerCase(Locale.ROOT);
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String name : names) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          throw new IllegalArgumentException("not a plain " + what + " name: " + name);
        }
        s.execute("DROP " + kind + " IF EXISTS " + name);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop test " + what + "s", e);
    }
  }
}
