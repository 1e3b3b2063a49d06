// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/** A lease table that {@link LeaseSchema#prepare} checked: makes the rows' stores and wake-ups. */
record LeaseTable(DataSource dataSource, SqlDialect dialect, LeaseConfig config) {
  LeaseTable {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(dialect, "dialect");
    Objects.requireNonNull(config, "config");
  }

  JdbcLeaseStore store(String name) {
    return new JdbcLeaseStore(dataSource, dialect, config, name);
  }

  // PostgreSQL LISTEN/NOTIFY if configured, one connection per data source and table; else null.
  @Nullable Wakeups wakeups(String name) {
    if (dialect != SqlDialect.POSTGRESQL || !config.listen()) {
      return null;
    }
    return PgReleaseListener.wakeups(dataSource, config.table(), name, config.pollInterval());
  }
}
