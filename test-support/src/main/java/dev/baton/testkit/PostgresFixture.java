// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** The tests' PostgreSQL ({@code postgres-up}'s or {@code BATON_PG_URL}'s); missing fails. */
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
