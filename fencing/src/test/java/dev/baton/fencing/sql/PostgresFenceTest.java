package dev.baton.fencing.sql;

import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The SQL fence on a real PostgreSQL server. The server comes from {@code test-support/postgres-up}
 * (run by the test command and by CI); the URL can be overridden with the system property or environment
 * variable {@code BATON_PG_URL}. These tests fail, not skip, when the server is missing.
 */
class PostgresFenceTest extends SqlFenceContractTest {
  static final String URL = System.getProperty("BATON_PG_URL", System.getenv().getOrDefault(
      "BATON_PG_URL", "jdbc:postgresql://127.0.0.1:5432/baton?user=baton&password=baton"));

  static DataSource postgres() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(URL);
    return ds;
  }

  private final DataSource ds = postgres();

  @Override
  protected DataSource dataSource() {
    return ds;
  }

  @Override
  protected int concurrentWriters() {
    return 8;
  }
}
