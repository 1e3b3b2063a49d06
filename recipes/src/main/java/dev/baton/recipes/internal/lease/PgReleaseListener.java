// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wakes a follower when a holder releases the lease, on PostgreSQL: a daemon thread, {@code
 * baton-lease-listen-<name>}, holds one connection that {@code LISTEN}s on the table's channel (see
 * {@code LeaseSchema.channel}; {@link JdbcLeaseStore#release} notifies it with the election's name)
 * and runs {@code onRelease} for each notification about this election, on that thread and under no
 * lock. A failing {@code onRelease} is logged and the listener goes on.
 *
 * <p>The idle connection is checked with a query every 10 s (with a 10 s network timeout), so that
 * one that died silently is noticed. When the connection fails it logs one warning per streak of
 * failures, waits {@code reconnectDelay} and connects again. Each time it starts listening it wakes
 * the follower once, so that a release before the {@code LISTEN} took effect (at start, or while it
 * was disconnected) is found at once rather than at the next poll. This is the only class that
 * refers to the PostgreSQL driver, so that users on H2 need not have it.
 */
public final class PgReleaseListener implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PgReleaseListener.class);
  private static final int WAIT_MILLIS = 500;
  private static final long JOIN_MILLIS = 2_000;
  private static final PGNotification[] NONE = {};

  /**
   * How often the idle connection is checked with a query, and the connection's network timeout, so
   * that a check cannot hang: waiting for notifications alone would not notice a connection that
   * died without a word (a half-open TCP connection).
   */
  static final Duration CHECK_INTERVAL = Duration.ofSeconds(10);

  private final DataSource dataSource;
  private final String channel;
  private final String name;
  private final Runnable onRelease;
  private final Duration reconnectDelay;
  private final long checkNanos;
  private final int networkTimeoutMillis;
  private final Thread thread;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Object lock = new Object();
  private @Nullable Connection connection; // guarded by lock
  private volatile int backendPid;

  private PgReleaseListener(
      DataSource dataSource,
      String table,
      String name,
      Runnable onRelease,
      Duration reconnectDelay,
      Duration checkInterval) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.channel = LeaseSchema.channel(table);
    this.name = Objects.requireNonNull(name, "name");
    this.onRelease = Objects.requireNonNull(onRelease, "onRelease");
    this.reconnectDelay = Objects.requireNonNull(reconnectDelay, "reconnectDelay");
    this.checkNanos = checkInterval.toNanos();
    this.networkTimeoutMillis = Math.toIntExact(Math.max(1, checkInterval.toMillis()));
    this.thread = new Thread(this::run, "baton-lease-listen-" + name);
    this.thread.setDaemon(true);
  }

  /**
   * Starts listening for releases of election {@code name} in {@code table}. Returns at once; the
   * first {@code LISTEN} follows on the listener's thread.
   */
  public static PgReleaseListener start(
      DataSource dataSource,
      String table,
      String name,
      Runnable onRelease,
      Duration reconnectDelay) {
    return start(dataSource, table, name, onRelease, reconnectDelay, CHECK_INTERVAL);
  }

  /**
   * As {@link #start(DataSource, String, String, Runnable, Duration)}, checking as often as told.
   */
  static PgReleaseListener start(
      DataSource dataSource,
      String table,
      String name,
      Runnable onRelease,
      Duration reconnectDelay,
      Duration checkInterval) {
    PgReleaseListener listener =
        new PgReleaseListener(dataSource, table, name, onRelease, reconnectDelay, checkInterval);
    listener.thread.start();
    return listener;
  }

  /** The server process of the current connection once it listens, 0 when not connected. */
  int backendPid() {
    return backendPid;
  }

  /** True while the listener's thread runs. */
  boolean running() {
    return thread.isAlive();
  }

  private void run() {
    boolean failing = false;
    while (!closed.get()) {
      try {
        PGConnection pg = connect();
        if (failing) {
          log.info("listening for releases of '{}' again", name);
          failing = false;
        }
        // A release before the LISTEN took effect (the first one, or while disconnected) was not
        // heard: wake once now, so that the follower looks at the row with nothing missed since.
        wake();
        long nextCheck = System.nanoTime() + checkNanos;
        while (!closed.get()) {
          PGNotification[] notifications = pg.getNotifications(WAIT_MILLIS);
          for (PGNotification n : notifications == null ? NONE : notifications) {
            if (name.equals(n.getParameter()) && !closed.get()) {
              wake();
            }
          }
          if (System.nanoTime() - nextCheck >= 0) {
            check();
            nextCheck = System.nanoTime() + checkNanos;
          }
        }
      } catch (SQLException | RuntimeException e) {
        backendPid = 0;
        if (closed.get()) {
          break;
        }
        if (!failing) {
          log.warn(
              "lost the connection listening for releases of '{}'; reconnecting every {}",
              name,
              reconnectDelay,
              e);
          failing = true;
        } else {
          log.debug("listening for releases of '{}' still fails", name, e);
        }
        disconnect();
        if (!pause()) {
          break;
        }
      }
    }
    backendPid = 0;
    disconnect();
  }

  private PGConnection connect() throws SQLException {
    Connection c = dataSource.getConnection();
    synchronized (lock) {
      if (closed.get()) {
        c.close();
        throw new SQLException("the listener is closed");
      }
      connection = c;
    }
    c.setAutoCommit(true);
    try {
      c.setNetworkTimeout(Runnable::run, networkTimeoutMillis);
    } catch (SQLFeatureNotSupportedException e) {
      log.debug("no network timeout on the listening connection of '{}'", name, e);
    }
    int pid;
    try (Statement s = c.createStatement()) {
      s.execute("LISTEN \"" + channel + "\"");
      try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
        pid = rs.next() ? rs.getInt(1) : 0;
      }
    }
    PGConnection pg = c.unwrap(PGConnection.class);
    backendPid = pid;
    return pg;
  }

  /** A query on the listening connection: fails if the connection died unnoticed. */
  private void check() throws SQLException {
    Connection c;
    synchronized (lock) {
      c = connection;
    }
    if (c == null) {
      throw new SQLException("the listening connection is closed");
    }
    try (Statement s = c.createStatement()) {
      s.execute("SELECT 1");
    }
  }

  private void wake() {
    try {
      onRelease.run();
    } catch (RuntimeException e) {
      log.warn("the release callback of '{}' failed", name, e);
    }
  }

  /** Waits the reconnect delay; false if the listener was closed or interrupted meanwhile. */
  private boolean pause() {
    try {
      return !stop.await(reconnectDelay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Gives the connection back. A pool would keep it listening (pools do not reset {@code LISTEN}),
   * and the driver would then buffer every release notification of the table for whoever borrows it
   * next, unread: so it stops listening first, on the listener's thread or once that has ended. A
   * connection that cannot (broken, or still in use by a thread that did not stop) is aborted
   * instead, which a pool discards.
   */
  private void disconnect() {
    Connection c;
    synchronized (lock) {
      c = connection;
      connection = null;
    }
    if (c == null) {
      return;
    }
    boolean idle = Thread.currentThread() == thread || !thread.isAlive();
    if (idle && unlisten(c)) {
      try {
        c.close();
      } catch (SQLException e) {
        log.debug("closing the listening connection of '{}' failed", name, e);
      }
    } else {
      try {
        c.abort(Runnable::run);
      } catch (SQLException | RuntimeException e) {
        log.debug("aborting the listening connection of '{}' failed", name, e);
      }
    }
  }

  private boolean unlisten(Connection c) {
    try (Statement s = c.createStatement()) {
      s.execute("UNLISTEN *");
      return true;
    } catch (SQLException | RuntimeException e) {
      log.debug("the listening connection of '{}' could not stop listening", name, e);
      return false;
    }
  }

  /**
   * Stops the thread, closes its connection and waits up to 2 s for the thread to end. Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    stop.countDown();
    if (Thread.currentThread() == thread) {
      return; // closed by onRelease: the loop ends after it returns
    }
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      log.warn("the release listener of '{}' did not stop within {} ms", name, JOIN_MILLIS);
    }
    disconnect();
  }
}
