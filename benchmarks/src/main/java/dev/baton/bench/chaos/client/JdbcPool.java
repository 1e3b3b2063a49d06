// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.bench.DriverManagerDataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A small connection pool over {@link DriverManager} for one JDBC URL (H2 {@code jdbc:h2:tcp://...}
 * or PostgreSQL, with user and password in the URL if needed), so the drivers can stay runtime
 * dependencies. Closing a borrowed connection returns it to the pool unless it failed with an
 * {@link SQLException} on a call made through it (then it is discarded and a fresh one is opened
 * next time). Connections are handed out with auto-commit on. Thread-safe.
 */
public final class JdbcPool extends DriverManagerDataSource implements AutoCloseable {
  private static final int MAX_IDLE = 4;

  private final String url;
  private final Deque<Connection> idle = new ArrayDeque<>();
  private volatile boolean closed;

  public JdbcPool(String url) {
    this.url = url;
  }

  public String url() {
    return url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (closed) {
      throw new SQLException("the pool of " + url + " is closed");
    }
    Connection physical;
    synchronized (idle) {
      physical = idle.poll();
    }
    if (physical == null || physical.isClosed()) {
      physical = DriverManager.getConnection(url);
    }
    if (!physical.getAutoCommit()) {
      physical.setAutoCommit(true);
    }
    return borrowed(physical);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("put user and password into the JDBC URL");
  }

  private Connection borrowed(Connection physical) {
    AtomicBoolean broken = new AtomicBoolean();
    AtomicBoolean returned = new AtomicBoolean();
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "close":
                  if (returned.compareAndSet(false, true)) {
                    giveBack(physical, broken.get());
                  }
                  return null;
                case "isClosed":
                  return returned.get() || physical.isClosed();
                case "equals":
                  return proxy == args[0];
                case "hashCode":
                  return System.identityHashCode(proxy);
                case "toString":
                  return "pooled " + physical;
                default:
                  break;
              }
              if (returned.get()) {
                throw new SQLException("connection already returned to the pool");
              }
              try {
                return method.invoke(physical, args);
              } catch (InvocationTargetException e) {
                if (e.getCause() instanceof SQLException) {
                  broken.set(true);
                }
                throw e.getCause();
              }
            });
  }

  private void giveBack(Connection physical, boolean broken) {
    boolean keep = false;
    try {
      keep = !broken && !closed && !physical.isClosed();
    } catch (SQLException e) {
      keep = false;
    }
    if (keep) {
      synchronized (idle) {
        if (idle.size() < MAX_IDLE) {
          idle.push(physical);
          return;
        }
      }
    }
    closeQuietly(physical);
  }

  /** Closes the idle connections, after a failure that may have left them unusable. */
  public void evictIdle() {
    synchronized (idle) {
      idle.forEach(JdbcPool::closeQuietly);
      idle.clear();
    }
  }

  @Override
  public void close() {
    closed = true;
    synchronized (idle) {
      idle.forEach(JdbcPool::closeQuietly);
      idle.clear();
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // discarded anyway
    }
  }
}
