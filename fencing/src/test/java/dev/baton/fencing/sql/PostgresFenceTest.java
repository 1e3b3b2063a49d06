// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import dev.baton.testkit.PostgresFixture;
import javax.sql.DataSource;

/**
 * The SQL fence on a real PostgreSQL server. The server comes from {@code test-support/postgres-up}
 * (run by the test command and by CI); the URL can be overridden with the system property or
 * environment variable {@code BATON_PG_URL}. These tests fail, not skip, when the server is
 * missing.
 */
class PostgresFenceTest extends SqlFenceContractTest {
  private final DataSource ds = PostgresFixture.dataSource();

  @Override
  protected DataSource dataSource() {
    return ds;
  }

  @Override
  protected int concurrentWriters() {
    return 8;
  }
}
