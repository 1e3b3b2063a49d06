// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chaos client's start-up steps on the database (creating tables, preparing the lease), tried a
 * few times: the clients of a trial start at once, and concurrent {@code CREATE TABLE IF NOT
 * EXISTS} can collide on PostgreSQL.
 */
final class Retries {
  static final int ATTEMPTS = 5;
  private static final Logger log = LoggerFactory.getLogger(Retries.class);

  private Retries() {}

  /** A start-up step. */
  interface Step<T> {
    T run() throws Exception;
  }

  /**
   * Runs {@code step} up to {@value #ATTEMPTS} times, {@code 100 ms * attempt} apart, evicting
   * {@code pool}'s idle connections after a failure; the last failure is thrown, as an {@link
   * SQLException} unless it is one or unchecked.
   */
  static <T> T run(String what, HikariDataSource pool, Step<T> step) throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try {
        return step.run();
      } catch (Exception e) {
        if (attempt >= ATTEMPTS) {
          if (e instanceof SQLException s) {
            throw s;
          }
          if (e instanceof RuntimeException r) {
            throw r;
          }
          throw new SQLException(what + " failed", e);
        }
        log.warn("{} failed (attempt {}): {}", what, attempt, e.toString());
        pool.getHikariPoolMXBean().softEvictConnections();
        ProtectedWriter.sleepQuietly(100L * attempt);
      }
    }
  }
}
