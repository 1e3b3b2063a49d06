// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A data source that forwards everything but the connections to {@link #delegate()}. */
public interface ForwardingDataSource extends DataSource {

  /** The data source this one wraps. */
  DataSource delegate();

  @Override
  default PrintWriter getLogWriter() throws SQLException {
    return delegate().getLogWriter();
  }

  @Override
  default void setLogWriter(PrintWriter out) throws SQLException {
    delegate().setLogWriter(out);
  }

  @Override
  default void setLoginTimeout(int seconds) throws SQLException {
    delegate().setLoginTimeout(seconds);
  }

  @Override
  default int getLoginTimeout() throws SQLException {
    return delegate().getLoginTimeout();
  }

  @Override
  default Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return delegate().getParentLogger();
  }

  @Override
  default <T> T unwrap(Class<T> type) throws SQLException {
    return delegate().unwrap(type);
  }

  @Override
  default boolean isWrapperFor(Class<?> type) throws SQLException {
    return delegate().isWrapperFor(type);
  }
}
