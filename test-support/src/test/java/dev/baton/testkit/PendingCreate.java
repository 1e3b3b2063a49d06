// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * A {@code CREATE TABLE IF NOT EXISTS} held open in its own PostgreSQL transaction, so that another
 * session creating the table waits and then loses the race (23505), deterministically.
 */
public final class PendingCreate implements AutoCloseable {
  private final Connection connection;

  private PendingCreate(Connection connection) {
    this.connection = connection;
  }

  /** Runs {@code ddl} in a new transaction and leaves it open. */
  public static PendingCreate hold(DataSource dataSource, String ddl) throws SQLException {
    Connection c = dataSource.getConnection();
    try (Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.execute(ddl);
      return new PendingCreate(c);
    } catch (SQLException e) {
      try {
        c.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  /**
   * Waits until another session waits for a lock this transaction holds.
   *
   * @throws IllegalStateException if none does within {@code timeout}
   */
  public void awaitWaiter(Duration timeout) throws SQLException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (PreparedStatement p =
        connection.prepareStatement(
            // pg_locks, not pg_stat_activity: the latter is a snapshot fixed for the transaction.
            "SELECT count(*) FROM (SELECT DISTINCT pid FROM pg_locks WHERE NOT granted) w"
                + " WHERE ? = ANY(pg_blocking_pids(w.pid))")) {
      p.setInt(1, backendPid());
      while (true) {
        try (ResultSet rs = p.executeQuery()) {
          rs.next();
          if (rs.getLong(1) > 0) {
            return;
          }
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("no session waited for the pending CREATE in " + timeout);
        }
        Poll.pause();
      }
    }
  }

  /** Commits the creation: the waiting session proceeds and finds the table created. */
  public void commit() throws SQLException {
    connection.commit();
  }

  private int backendPid() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Rolls back what was not committed and closes the connection. */
  @Override
  public void close() throws SQLException {
    try {
      connection.rollback();
    } finally {
      connection.close();
    }
  }
}
