// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.ForeignTokenException;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.WriteOutcomeUnknownException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A fence in a SQL table ({@link SqlFenceSchema}) on PostgreSQL or H2: a conditional {@code UPDATE
 * ... WHERE resource = ? AND scope = ? AND highest_token <= ?} in the caller's transaction, so its
 * statements commit only if it is accepted. The row stays locked until the transaction ends, so no
 * lower token slips in. No row updated: the resource is new (of two first writers one inserts, the
 * other retries) or the token is stale or foreign. Use {@link #write}, or {@link
 * #acceptInTransaction} in your transaction. A {@code COMMIT} failing without a rollback (SQL state
 * 40 or 23) may have committed: {@link WriteOutcomeUnknownException}, never repeated. Thread-safe.
 */
public final class SqlFence implements Fence<Connection> {
  private static final int ATTEMPTS = 3;
  private static final System.Logger LOG = System.getLogger(SqlFence.class.getName());

  private final DataSource dataSource;
  private final String table;
  private final @Nullable String holder;
  private final String update;
  private final String select;
  private final String insert;

  private SqlFence(DataSource dataSource, String table, @Nullable String holder) {
    this.dataSource = dataSource;
    this.table = table;
    this.holder = holder;
    this.update =
        ("UPDATE %s SET highest_token = ?, holder = ?, updated_at = CURRENT_TIMESTAMP"
                + " WHERE resource = ? AND scope = ? AND highest_token <= ?")
            .formatted(table);

    this.select = "SELECT scope, highest_token FROM " + table + " WHERE resource = ?";
    this.insert =
        "INSERT INTO "
            + table
            + " (resource, scope, highest_token, holder, updated_at) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";
  }

  /**
   * A fence on {@code table} (default {@value SqlFenceSchema#DEFAULT_TABLE}, a plain SQL
   * identifier); {@code holder}, recorded with each accepted write for diagnosis, may be null.
   */
  public static SqlFence create(DataSource dataSource, String table, @Nullable String holder) {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(table, "table");
    return new SqlFence(dataSource, SqlFenceSchema.validTableName(table), holder);
  }

  /** A fence on the default table. */
  public static SqlFence create(DataSource dataSource) {
    return create(dataSource, SqlFenceSchema.DEFAULT_TABLE, null);
  }

  /** The fence's table. */
  public String table() {
    return table;
  }

  @Override
  public <T> T write(String resource, FencingToken token, FencedAction<Connection, T> action) {
    Fence.checkWrite(resource, token);
    for (int attempt = 1; ; attempt++) {
      Committed<T> committed = null;
      try (Connection c = dataSource.getConnection()) {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        T result;
        try {
          acceptInTransaction(c, resource, token);
          result = action.apply(c);
        } catch (Exception e) {
          abort(c, autoCommit, e);
          if (e instanceof ConcurrentFirstWriterException && attempt < ATTEMPTS) {
            continue; // a concurrent first writer inserted the fence row: check against it
          }
          throw translate(resource, e);
        }
        commit(c, resource, token, autoCommit);
        committed = new Committed<>(result);
        c.setAutoCommit(autoCommit);
        return result;
      } catch (SQLException e) {
        if (committed != null) {
          // Only handing the committed write's connection back failed: not a failure of the write.
          LOG.log(
              System.Logger.Level.WARNING,
              "the fenced write to '"
                  + resource
                  + "' committed, but resetting its connection failed",
              e);
          return committed.value();
        }
        throw translate(resource, e);
      }
    }
  }

  private record Committed<T>(T value) {}

  /** Commits; a commit failure the database calls a rollback committed nothing, others may have. */
  private void commit(Connection c, String resource, FencingToken token, boolean autoCommit) {
    try {
      c.commit();
    } catch (SQLException e) {
      abort(c, autoCommit, e);
      if (SqlDialect.isRolledBack(e)) {
        throw translate(resource, e);
      }
      throw new WriteOutcomeUnknownException(
          resource,
          token,
          ("the commit of the fenced write to '%s' with token %s failed without a rollback"
                  + " from the database (%s); it may have committed")
              .formatted(resource, token, e.getMessage()),
          e);
    }
  }

  /**
   * Runs the fence check in the caller's open transaction on {@code connection} (auto-commit off);
   * on return the token is accepted and its row locked until the transaction ends.
   *
   * @throws StaleTokenException or {@link ForeignTokenException} if rejected: roll back
   * @throws FencingException if the fence row holds no valid token: roll back
   * @throws SQLException if the database failed or a first writer raced (23505): roll back, retry
   */
  public void acceptInTransaction(Connection connection, String resource, FencingToken token)
      throws SQLException {
    Fence.checkWrite(resource, token);
    for (int attempt = 1; ; attempt++) {
      try (PreparedStatement u = connection.prepareStatement(update)) {
        u.setLong(1, token.value());
        u.setString(2, holder);
        u.setString(3, resource);
        u.setString(4, token.scope());
        u.setLong(5, token.value());
        if (u.executeUpdate() == 1) {
          return;
        }
      }
      Optional<FencingToken> current = read(connection, resource);
      if (current.isEmpty()) {
        break; // a new resource: register it below
      }
      Fence.checkToken(resource, token, current.get());
      // The row was committed by a first writer after the update looked: check against it now.
      if (attempt >= ATTEMPTS) {
        throw new ConcurrentFirstWriterException(
            resource, new SQLException("the fence row kept changing", "40001"));
      }
    }
    try (PreparedStatement i = connection.prepareStatement(insert)) {
      i.setString(1, resource);
      i.setString(2, token.scope());
      i.setLong(3, token.value());
      i.setString(4, holder);
      i.executeUpdate();
    } catch (SQLException e) {
      if (SqlDialect.isDuplicateKey(e)) {
        throw new ConcurrentFirstWriterException(resource, e);
      }
      throw e;
    }
  }

  /** Another writer inserted the resource's fence row first: roll back and retry against it. */
  public static final class ConcurrentFirstWriterException extends SQLException {
    ConcurrentFirstWriterException(String resource, SQLException cause) {
      super(
          "a concurrent first writer registered '" + resource + "'; roll back and retry",
          cause.getSQLState(),
          cause);
    }
  }

  @Override
  public Optional<FencingToken> highest(String resource) {
    try (Connection c = dataSource.getConnection()) {
      return read(c, resource);
    } catch (SQLException e) {
      throw translate(resource, e);
    }
  }

  private Optional<FencingToken> read(Connection c, String resource) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(select)) {
      s.setString(1, resource);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String scope = rs.getString(1);
        long value = rs.getLong(2);
        try {
          return Optional.of(FencingToken.of(scope, value));
        } catch (IllegalArgumentException e) {
          // Written by hand or by another program: refuse rather than guess the high-water mark.
          throw new FencingException(
              resource,
              ("the fence row of '%s' in %s holds no valid token (a negative value, or a null,"
                      + " too long or malformed scope); no write is accepted until it is repaired")
                  .formatted(resource, table),
              e);
        }
      }
    }
  }

  private RuntimeException translate(String resource, Exception e) {
    if (!(e instanceof SQLException sql)) {
      return Fence.rethrow(resource, e);
    }
    return SqlDialect.isSchemaProblem(sql)
        ? SqlFenceSchema.wrongShape(table, sql, "create it with SqlFenceSchema.create or: ")
        : new FencingException(
            resource,
            "the fenced write to '" + resource + "' failed in the database: " + sql.getMessage(),
            sql);
  }

  /** Rolls back and restores auto-commit; their failures are added to {@code cause}. */
  private static void abort(Connection c, boolean autoCommit, Exception cause) {
    try {
      c.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
    try {
      c.setAutoCommit(autoCommit);
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
