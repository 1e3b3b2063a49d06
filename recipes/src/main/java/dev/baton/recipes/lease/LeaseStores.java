// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/** Makes the store and the wake-ups of one contest on a lease table. */
final class LeaseStores {
  private LeaseStores() {}

  /** The lease row {@code name} of {@code config}'s table. */
  public static LeaseStore store(
      DataSource dataSource, SqlDialect dialect, LeaseConfig config, String name) {
    return new JdbcLeaseStore(dataSource, dialect, config, name);
  }

  /**
   * Wake-ups on {@code name}'s release: {@code LISTEN/NOTIFY} on PostgreSQL when the configuration
   * asks for it, on one connection shared by all candidates on the data source and table in this
   * JVM; null otherwise (followers only poll).
   */
  public static @Nullable Wakeups wakeups(
      DataSource dataSource, SqlDialect dialect, LeaseConfig config, String name) {
    if (dialect != SqlDialect.POSTGRESQL || !config.listen()) {
      return null;
    }
    return PgReleaseListener.wakeups(dataSource, config.table(), name, config.pollInterval());
  }
}
