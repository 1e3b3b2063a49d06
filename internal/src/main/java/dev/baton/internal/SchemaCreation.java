// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@code CREATE ... IF NOT EXISTS} run by several clients at once, as Baton's tables are when the
 * instances of a new deployment start together: PostgreSQL checks "if not exists" before it waits
 * for the other creator, so the loser gets an error although the table (or index) now exists.
 */
public final class SchemaCreation {
  private SchemaCreation() {}

  /**
   * How PostgreSQL answers the loser of such a race: a duplicate key in its catalog (23505, e.g. on
   * {@code pg_type_typname_nsp_index}), a relation (42P07) or a type (42710) that already exists.
   */
  private static boolean lostToConcurrentCreator(SQLException e) {
    String state = e.getSQLState();
    return "23505".equals(state) || "42P07".equals(state) || "42710".equals(state);
  }

  /**
   * Runs one {@code CREATE ... IF NOT EXISTS} (or other idempotent DDL) in a transaction of its own
   * on {@code c}, which must hold no uncommitted work: committed unless {@code c} auto-commits,
   * rolled back if a concurrent creator won.
   *
   * @return false if a concurrent creator won the race (the object exists)
   * @throws SQLException if the statement failed otherwise
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
