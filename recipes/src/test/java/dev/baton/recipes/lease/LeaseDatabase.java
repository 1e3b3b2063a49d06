// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The two databases the lease store runs on, for parameterized tests: an in-memory H2 database per
 * JVM, and the PostgreSQL server of {@link PostgresFixture} (tests fail, not skip, without it).
 */
enum LeaseDatabase {
  H2,
  POSTGRESQL;

  private static final String H2_URL =
      "jdbc:h2:mem:lease_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1";

  DataSource dataSource() {
    if (this == POSTGRESQL) {
      return PostgresFixture.dataSource();
    }
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL(H2_URL);
    return ds;
  }

  SqlDialect dialect() {
    return this == POSTGRESQL ? SqlDialect.POSTGRESQL : SqlDialect.H2;
  }

  /** A table name no other test uses. */
  static String uniqueTable() {
    return "lease_t" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
  }

  /** A long lease (one minute), with room for slow statements on a busy machine. */
  static LeaseConfig longLease(String table) {
    return LeaseConfig.builder()
        .table(table)
        .leaseDuration(Duration.ofSeconds(60))
        .renewTimeout(Duration.ofSeconds(10))
        .build();
  }

  /** A lease short enough to watch it expire. */
  static LeaseConfig shortLease(String table) {
    return LeaseConfig.builder()
        .table(table)
        .leaseDuration(Duration.ofMillis(1500))
        .safetyMargin(Duration.ofMillis(100))
        .renewInterval(Duration.ofMillis(200))
        .renewTimeout(Duration.ofMillis(1000))
        .build();
  }

  /** Prepares the table of {@code config} and opens a store on it for {@code name}. */
  JdbcLeaseStore store(LeaseConfig config, String name) {
    DataSource ds = dataSource();
    SqlDialect dialect = LeaseSchema.prepare(ds, config);
    return new JdbcLeaseStore(ds, dialect, config, name);
  }

  void drop(String table) {
    SqlTables.drop(dataSource(), table);
    SqlTables.dropSequences(dataSource(), LeaseTokens.sequence(table));
  }
}
