// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import dev.baton.fencing.sql.SqlDialect;
import dev.baton.recipes.lease.LeaseBackend;
import org.jspecify.annotations.Nullable;

/** Makes the store and the wake-ups of one election on a {@link LeaseBackend}. */
public final class LeaseStores {
  private LeaseStores() {}

  /** The lease row {@code name} of {@code backend}'s table. */
  public static LeaseStore store(LeaseBackend backend, String name) {
    return new JdbcLeaseStore(backend.dataSource(), backend.dialect(), backend.config(), name);
  }

  /**
   * Wake-ups on {@code name}'s release: {@code LISTEN/NOTIFY} on PostgreSQL when the configuration
   * asks for it, on one connection shared by all candidates on the backend's data source and table
   * in this JVM; null otherwise (followers only poll).
   */
  public static @Nullable Wakeups wakeups(LeaseBackend backend, String name) {
    if (backend.dialect() != SqlDialect.POSTGRESQL || !backend.config().listen()) {
      return null;
    }
    return PgReleaseListener.wakeups(
        backend.dataSource(), backend.config().table(), name, backend.config().pollInterval());
  }
}
