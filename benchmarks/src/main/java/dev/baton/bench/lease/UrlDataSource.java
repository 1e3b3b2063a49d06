// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.DriverManagerDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A data source that opens a new connection per call through {@link DriverManager}: no pool, the
 * same for the three systems, so that each pays for its own connections (counted by {@link
 * CountingDataSource}).
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
