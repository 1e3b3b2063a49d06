// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The two databases the lease backend runs on in tests, each with a table of the test's own. */
record LeaseDatabases(String name, DataSource dataSource) {
  private static final AtomicInteger SEQ = new AtomicInteger();

  /** A quick lease for tests: 2 s, margin 300 ms, renewed every 400 ms, polled every 200 ms. */
  static LeaseConfig.Builder quick(String table) {
    return LeaseConfig.builder()
        .table(table)
        .leaseDuration(Duration.ofSeconds(2))
        .safetyMargin(Duration.ofMillis(300))
        .renewInterval(Duration.ofMillis(400))
        .renewTimeout(Duration.ofMillis(1000))
        .pollInterval(Duration.ofMillis(200));
  }

  /** PostgreSQL (the test server) and an in-memory H2. */
  static Stream<LeaseDatabases> both() {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:lease" + SEQ.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
    return Stream.of(
        new LeaseDatabases("postgresql", PostgresFixture.dataSource()),
        new LeaseDatabases("h2", h2));
  }

  /** A table name no other test uses. */
  static String table() {
    return "lease_t" + ProcessHandle.current().pid() + "_" + SEQ.incrementAndGet();
  }

  /** What a test does with a backend on a table of its own, and the record of its candidates. */
  interface LeaseTest {
    void run(String table, LeaseBackend backend, LeaseTerms terms) throws Exception;
  }

  /**
   * Runs {@code test} on a new table, with a backend on the lease {@code lease} configures for that
   * table; then closes the test's candidates and drops the table.
   */
  void withTerms(Function<String, LeaseConfig> lease, LeaseTest test) throws Exception {
    String table = table();
    LeaseBackend backend = LeaseBackend.create(dataSource, lease.apply(table));
    LeaseTerms terms = new LeaseTerms();
    try {
      test.run(table, backend, terms);
    } finally {
      terms.closeAll();
      drop(table);
    }
  }

  /** {@link #withTerms(Function, LeaseTest)} with the {@linkplain #quick quick} lease. */
  void withTerms(LeaseTest test) throws Exception {
    withTerms(table -> quick(table).build(), test);
  }

  void drop(String table) {
    SqlTables.drop(dataSource, table);
    SqlTables.dropSequences(dataSource, table + "_tokens");
  }

  @Override
  public String toString() {
    return name;
  }
}
