// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The PostgreSQL server of the tests: the one {@code test-support/postgres-up} prepares (run by the
 * test command and by CI), or the one named by the system property or environment variable {@code
 * BATON_PG_URL}. Tests that use it fail, not skip, when it is missing.
 */
public final class PostgresFixture {
  /** The default URL, matching {@code test-support/postgres-up}. */
  public static final String DEFAULT_URL =
      "jdbc:postgresql://127.0.0.1:5432/baton?user=baton&password=baton";

  private PostgresFixture() {}

  /** The JDBC URL of the test server. */
  public static String url() {
    return System.getProperty(
        "BATON_PG_URL", System.getenv().getOrDefault("BATON_PG_URL", DEFAULT_URL));
  }

  /** A data source on the test server (a new connection per {@code getConnection()}). */
  public static DataSource dataSource() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url());
    return ds;
  }
}
