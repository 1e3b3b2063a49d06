// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's start-up steps on the database, retried: its clients start at once, and concurrent
 * {@code CREATE TABLE IF NOT EXISTS} can collide on PostgreSQL.
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
   * Runs {@code step} up to {@value #ATTEMPTS} times, evicting idle connections between; throws the
   * last failure.
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
