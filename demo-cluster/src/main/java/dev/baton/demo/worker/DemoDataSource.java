package dev.baton.demo.worker;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small pool of {@link DriverManager} connections to one JDBC URL (H2 over TCP or PostgreSQL), with
 * an optional user and password. Closing a borrowed connection gives it back unless a call through it
 * failed with an {@link SQLException} (then it is discarded); at most {@value #MAX_IDLE} idle
 * connections are kept. Connections are handed out with auto-commit on. Thread-safe.
 */
final class DemoDataSource implements DataSource, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DemoDataSource.class);
  private static final int MAX_IDLE = 8;

  private final String url;
  private final String user;
  private final String password;
  private final Deque<Connection> idle = new ArrayDeque<>();
  private volatile boolean closed;

  DemoDataSource(String url, String user, String password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (closed) {
      throw new SQLException("the connection pool of " + url + " is closed");
    }
    Connection physical;
    synchronized (idle) {
      physical = idle.poll();
    }
    if (physical == null || physical.isClosed()) {
      physical = user == null ? DriverManager.getConnection(url) : DriverManager.getConnection(url, user, password);
    }
    if (!physical.getAutoCommit()) {
      physical.setAutoCommit(true);
    }
    return borrowed(physical);
  }

  @Override
  public Connection getConnection(String username, String pw) throws SQLException {
    throw new SQLFeatureNotSupportedException("the pool's user is fixed");
  }

  private Connection borrowed(Connection physical) {
    AtomicBoolean broken = new AtomicBoolean();
    AtomicBoolean returned = new AtomicBoolean();
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          switch (method.getName()) {
            case "close" -> {
              if (returned.compareAndSet(false, true)) {
                giveBack(physical, broken.get());
              }
              return null;
            }
            case "isClosed" -> {
              return returned.get() || physical.isClosed();
            }
            case "equals" -> {
              return proxy == args[0];
            }
            case "hashCode" -> {
              return System.identityHashCode(proxy);
            }
            case "toString" -> {
              return "pooled " + physical;
            }
            default -> { }
          }
          if (returned.get()) {
            throw new SQLException("the connection was given back to the pool");
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
    boolean keep;
    try {
      keep = !broken && !closed && !physical.isClosed() && physical.getAutoCommit();
    } catch (SQLException e) {
      log.debug("a returned connection is unusable, discarding it: {}", e.toString());
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

  @Override
  public void close() {
    closed = true;
    synchronized (idle) {
      idle.forEach(DemoDataSource::closeQuietly);
      idle.clear();
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      log.debug("closing a discarded connection failed (it was broken anyway): {}", e.toString());
    }
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    // no logging
  }

  @Override
  public void setLoginTimeout(int seconds) {
    DriverManager.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() {
    return DriverManager.getLoginTimeout();
  }

  @Override
  public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper of " + iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
