// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that opens a new connection per call through {@link DriverManager}, no pool:
 * fence-overhead's schema set-up and sanity checks (its measured writes each keep one connection),
 * and the lease scenario's candidates, which all pay for their own connections alike.
 */
public final class UrlDataSource extends DriverManagerDataSource {
  private final String url;

  /** A data source on {@code url}. */
  public UrlDataSource(String url) {
    this.url = url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return DriverManager.getConnection(url);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return DriverManager.getConnection(url, username, password);
  }
}
