// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.testkit.ForwardingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** A data source that sets up each connection it hands out, as a pool's init SQL would. */
record SessionDataSource(DataSource delegate, Setup setup) implements ForwardingDataSource {

  /** What is done to each new connection. */
  interface Setup {
    void apply(Connection c) throws SQLException;
  }

  /** Connections whose session time zone is {@code zone} (PostgreSQL). */
  static SessionDataSource zoned(DataSource delegate, String zone) {
    return new SessionDataSource(
        delegate,
        c -> {
          try (Statement s = c.createStatement()) {
            s.execute("SET TIME ZONE '" + zone + "'");
          }
        });
  }

  /** Connections in manual-commit mode, as some pools hand them out. */
  static SessionDataSource manualCommit(DataSource delegate) {
    return new SessionDataSource(delegate, c -> c.setAutoCommit(false));
  }

  @Override
  public Connection getConnection() throws SQLException {
    return prepared(delegate.getConnection());
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return prepared(delegate.getConnection(user, password));
  }

  private Connection prepared(Connection c) throws SQLException {
    try {
      setup.apply(c);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }
}
