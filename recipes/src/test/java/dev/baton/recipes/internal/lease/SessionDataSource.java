// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A data source that sets up each connection it hands out, as a pool's init SQL would. */
record SessionDataSource(DataSource delegate, Setup setup) implements DataSource {

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

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return delegate.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    delegate.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    delegate.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return delegate.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return delegate.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return delegate.unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return delegate.isWrapperFor(type);
  }
}
