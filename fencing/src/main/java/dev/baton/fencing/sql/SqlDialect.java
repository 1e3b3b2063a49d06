// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import dev.baton.fencing.FenceConfigurationException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;

/** The databases the SQL fence supports (plain SQL statements; the dialect reads errors). */
public enum SqlDialect {
  POSTGRESQL,
  H2;

  /** The dialect of {@code connection}'s database; others: {@link FenceConfigurationException}. */
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

  /** True if a failed commit's SQL state says it rolled back: 40 or 23 (deferred constraint). */
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
