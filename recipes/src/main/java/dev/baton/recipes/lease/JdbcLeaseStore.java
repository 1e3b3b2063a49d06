// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;
import dev.baton.recipes.spi.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease row of one election in the lease table ({@link LeaseSchema}), PostgreSQL or H2: the
 * machine decides, this only reads and writes the row, with the database's {@code
 * CURRENT_TIMESTAMP} and bound parameters. Each call is one statement on a borrowed connection with
 * network timeout {@link LeaseConfig#renewTimeout()}, committed unless auto-commit. SQL state class
 * 42 is a {@link LeaseTableException}; any other failure a {@link StoreUnavailableException}, after
 * which a write's outcome is <em>unknown</em>. Thread-safe.
 */
final class JdbcLeaseStore {
  private static final Logger log = LoggerFactory.getLogger(JdbcLeaseStore.class);
  private static final AtomicBoolean noNetworkTimeoutLogged = new AtomicBoolean();
  private static final int ACQUIRE_ATTEMPTS = 3;
  private static final int MAX_NAME = 512;

  private final DataSource dataSource;
  private final SqlDialect dialect;
  private final String table;
  private final String name;
  private final long leaseMillis;
  private final int timeoutMillis;
  private final String channel;
  private final LeaseSql sql;

  // For election name (1 to 512 characters) in config.table(), which LeaseSchema.prepare checked.
  JdbcLeaseStore(DataSource dataSource, SqlDialect dialect, LeaseConfig config, String name) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
    this.table = config.table();
    this.name = checkLength("election name", name, MAX_NAME);
    this.leaseMillis = config.leaseDuration().toMillis();
    this.timeoutMillis = (int) Math.min(Integer.MAX_VALUE, config.renewTimeout().toMillis());
    this.channel = LeaseSchema.channel(table);
    this.sql = LeaseSql.of(dialect, table);
  }

  /** The election's name, the row's key and the tokens' scope. */
  String name() {
    return name;
  }

  // Takes the lease for holder if free or its own, with a new sequence token, not the row's (one
  // acquires only without a term; a lost grant was never acted on); empty if another holds it.
  OptionalLong acquire(String holder) {
    checkLength("holder", holder, LeaseHolder.MAX_HOLDER);
    return call(
        "acquire",
        c -> {
          for (int attempt = 1; ; attempt++) {
            try (PreparedStatement p = c.prepareStatement(sql.acquire())) {
              bind(p, name, holder, leaseMillis);
              try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
              }
            } catch (SQLException e) {
              if (!"23505".equals(e.getSQLState()) || attempt >= ACQUIRE_ATTEMPTS) {
                throw e;
              }
              // A concurrent first acquirer inserted the row: the repeat meets its row.
              log.debug("election '{}': concurrent first acquisition, repeating", name);
              if (!c.getAutoCommit()) {
                c.rollback();
              }
            }
          }
        });
  }

  /** Extends the lease to now plus its duration if it is still this live term's. */
  boolean renew(String holder, long token) {
    Objects.requireNonNull(holder, "holder");
    return conditional("renew", sql.renew(), leaseMillis, name, holder, token);
  }

  /** Clears the holder if still this term's (PostgreSQL also notifies); false if it was not. */
  boolean release(String holder, long token) {
    Objects.requireNonNull(holder, "holder");
    return dialect == SqlDialect.POSTGRESQL
        ? conditional("release", sql.release(), name, holder, token, channel)
        : conditional("release", sql.release(), name, holder, token);
  }

  /** A write that holds if it changed one row (or, as PostgreSQL's release, returned one). */
  private boolean conditional(String operation, String statement, Object... values) {
    return call(
        operation,
        c -> {
          try (PreparedStatement p = c.prepareStatement(statement)) {
            bind(p, values);
            if (!p.execute()) {
              return p.getUpdateCount() == 1;
            }
            int rows = 0;
            try (ResultSet rs = p.getResultSet()) {
              while (rs.next()) {
                rows++;
              }
            }
            return rows == 1;
          }
        });
  }

  Optional<LeaseRecord> read() {
    return call(
        "read",
        c -> {
          try (PreparedStatement p = c.prepareStatement(sql.read())) {
            bind(p, name);
            try (ResultSet rs = p.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              Instant expiresAt = instant(rs, 4);
              return Optional.of(
                  new LeaseRecord(
                      name,
                      rs.getString(1),
                      rs.getLong(2),
                      rs.getBoolean(3),
                      Objects.requireNonNull(expiresAt, "expires_at"),
                      instant(rs, 5),
                      instant(rs, 6)));
            }
          }
        });
  }

  @Override
  public String toString() {
    return "JdbcLeaseStore{" + table + ", '" + name + "', " + dialect + "}";
  }

  private static @Nullable Instant instant(ResultSet rs, int column) throws SQLException {
    OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
    return t == null ? null : t.toInstant();
  }

  private static void bind(PreparedStatement p, Object... values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof Long l) {
        p.setLong(i + 1, l);
      } else {
        p.setString(i + 1, (String) values[i]);
      }
    }
  }

  private static String checkLength(String what, String value, int max) {
    Objects.requireNonNull(value, what);
    if (value.isEmpty() || value.length() > max) {
      throw new IllegalArgumentException(
          what + " must have 1 to " + max + " characters, not " + value.length());
    }
    return value;
  }

  private interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  private <T> T call(String operation, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      int previousTimeout = setNetworkTimeout(c, timeoutMillis);
      try {
        if (!c.getAutoCommit()) {
          // CURRENT_TIMESTAMP is the start of the transaction: make it this statement's, even if
          // the connection came with one open (the drivers send nothing when none is).
          c.rollback();
        }
        T result = work.run(c);
        if (!c.getAutoCommit()) {
          c.commit();
        }
        return result;
      } catch (SQLException | RuntimeException e) {
        LeaseSchema.rollback(c, e);
        throw e;
      } finally {
        if (previousTimeout >= 0) {
          restoreNetworkTimeout(c, previousTimeout);
        }
      }
    } catch (SQLException e) {
      if (LeaseSchema.isSchemaProblem(e)) {
        throw LeaseSchema.tableProblem(table, e);
      }
      throw new StoreUnavailableException(
          "the lease store could not "
              + operation
              + " election '"
              + name
              + "' in "
              + table
              + (operation.equals("read") ? "" : " (the outcome is unknown)")
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Sets the network timeout, returning the previous one, or -1 if the driver has none. */
  private static int setNetworkTimeout(Connection c, int millis) throws SQLException {
    try {
      int previous = c.getNetworkTimeout();
      c.setNetworkTimeout(Runnable::run, millis);
      return previous;
    } catch (SQLFeatureNotSupportedException e) {
      if (noNetworkTimeoutLogged.compareAndSet(false, true)) {
        log.debug("the JDBC driver has no network timeout; lease statements run without", e);
      }
      return -1;
    }
  }

  private static void restoreNetworkTimeout(Connection c, int millis) {
    try {
      c.setNetworkTimeout(Runnable::run, millis);
    } catch (SQLException e) {
      log.debug("cannot restore the network timeout of a lease connection", e);
    }
  }
}
