// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import dev.baton.fencing.FenceConfigurationException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;

/**
 * The databases the SQL fence is tested on. Its statements are plain SQL; the dialect only decides
 * whether a database is supported and how its errors are read.
 */
public enum SqlDialect {
  POSTGRESQL,
  H2;

  /**
   * The dialect of the database behind {@code connection}.
   *
   * @throws NullPointerException if {@code connection} is null
   * @throws FenceConfigurationException for any other database
   */
  public static SqlDialect of(Connection connection) throws SQLException {
    Objects.requireNonNull(connection, "connection");
    String product = connection.getMetaData().getDatabaseProductName();
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    if (p.contains("postgresql")) {
      return POSTGRESQL;
    }
    if (p.equals("h2")) {
      return H2;
    }
    throw new FenceConfigurationException(
        "the SQL fence supports PostgreSQL and H2, not '" + product + "'");
  }

  /** True if the SQL state says a unique key was violated (a concurrent first writer). */
  static boolean isDuplicateKey(SQLException e) {
    return "23505".equals(e.getSQLState());
  }

  /**
   * True if the SQL state of a failed commit says the database rolled the transaction back: class
   * 40 (transaction rollback: serialization failure, deadlock) or 23 (a deferred constraint).
   */
  static boolean isRolledBack(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("40") || state.startsWith("23"));
  }

  /** True if the SQL state says a table or column is missing or malformed (class 42). */
  static boolean isSchemaProblem(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("42");
  }
}
