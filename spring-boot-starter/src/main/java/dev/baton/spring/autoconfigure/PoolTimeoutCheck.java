// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.ClassUtils;

/**
 * Warns when the lease backend's pool may wait longer for a connection than a renewal may take:
 * {@code renew-timeout} does not bound that wait, so with a busy pool (HikariCP: 30 s) a healthy
 * leader can miss its deadline and lose its term. Reads HikariCP only; changes nothing.
 */
final class PoolTimeoutCheck {
  private static final Logger log = LoggerFactory.getLogger(PoolTimeoutCheck.class);
  private static final boolean HIKARI =
      ClassUtils.isPresent(
          "com.zaxxer.hikari.HikariDataSource", PoolTimeoutCheck.class.getClassLoader());

  private PoolTimeoutCheck() {}

  /** Logs a warning naming both settings if the pool's connection timeout exceeds the renewal's. */
  static void warnIfLonger(DataSource dataSource, Duration renewTimeout) {
    if (HIKARI) {
      Hikari.warnIfLonger(dataSource, renewTimeout);
    }
  }

  /** Loaded only with HikariCP on the class path. */
  private static final class Hikari {
    static void warnIfLonger(DataSource dataSource, Duration renewTimeout) {
      if (!(dataSource instanceof HikariDataSource hikari)) {
        return;
      }
      Duration wait = Duration.ofMillis(hikari.getConnectionTimeout());
      if (wait.compareTo(renewTimeout) > 0) {
        log.warn(
            "spring.datasource.hikari.connection-timeout={} is longer than"
                + " baton.lease.renew-timeout={}: when the pool is busy a lease renewal may wait"
                + " {} for a connection, miss its deadline and end a healthy leader's term; set"
                + " spring.datasource.hikari.connection-timeout={} (milliseconds) or lower, or give"
                + " the lease backend a DataSource of its own (a LeaseBackend bean)",
            PropertyCheck.text(wait),
            PropertyCheck.text(renewTimeout),
            PropertyCheck.text(wait),
            renewTimeout.toMillis());
      }
    }
  }
}
