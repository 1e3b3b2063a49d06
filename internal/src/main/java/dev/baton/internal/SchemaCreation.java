// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@code CREATE ... IF NOT EXISTS} by several clients at once, as new deployments do: PostgreSQL
 * checks "if not exists" before waiting for the other creator, so the loser gets an error.
 */
public final class SchemaCreation {
  private SchemaCreation() {}

  /** The race loser's error on PostgreSQL: 23505 (catalog duplicate key), 42P07, 42710 (exists). */
  private static boolean lostToConcurrentCreator(SQLException e) {
    String state = e.getSQLState();
    return "23505".equals(state) || "42P07".equals(state) || "42710".equals(state);
  }

  /**
   * Runs one idempotent DDL statement in its own transaction on {@code c}, which must hold no
   * uncommitted work; false if a concurrent creator won the race.
   */
  public static boolean execute(Connection c, String ddl) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(ddl);
      if (!c.getAutoCommit()) {
        c.commit();
      }
      return true;
    } catch (SQLException e) {
      if (!c.getAutoCommit()) {
        try {
          c.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
      }
      if (lostToConcurrentCreator(e)) {
        return false;
      }
      throw e;
    }
  }
}
