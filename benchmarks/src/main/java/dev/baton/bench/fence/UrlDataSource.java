// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

import dev.baton.bench.DriverManagerDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that opens a new connection per call through {@link DriverManager}, for the
 * schema set-up and the sanity checks of fence-overhead. The measured writes do not use it: each
 * side has one dedicated connection, opened once and reused.
 */
final class UrlDataSource extends DriverManagerDataSource {
  private final String url;

  UrlDataSource(String url) {
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
