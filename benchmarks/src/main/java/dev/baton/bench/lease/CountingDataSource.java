// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.AbstractDataSource;

/**
 * The data source of one candidate: a small pool of its own (applications run these libraries on a
 * pool, and a new PostgreSQL connection costs tens of milliseconds), and {@link Proxy} wrappers of
 * its connections and statements that count what the candidate asks of the database: statements
 * executed (the {@code LISTEN} connection's included), transaction ends ({@code commit}, {@code
 * rollback}: round trips ShedLock and Spring make and Baton's auto-commit store does not), and
 * physical connections opened. What the driver does on its own is not counted; {@code unwrap}
 * reaches the driver's connection. Up to {@value #MAX_IDLE} idle connections are kept, reset as
 * HikariCP resets them when they come back. Thread-safe.
 */
final class CountingDataSource extends AbstractDataSource implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CountingDataSource.class);
  private static final int MAX_IDLE = 4;

  private final DataSource delegate;
  private final AtomicLong statements = new AtomicLong();
  private final AtomicLong transactionEnds = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final AtomicBoolean listened = new AtomicBoolean();
  private final Deque<Physical> idle = new ArrayDeque<>(); // guarded by itself
  private boolean closed; // guarded by idle

  CountingDataSource(DataSource delegate) {
    this.delegate = delegate;
  }

  /** The counters at this moment. */
  Counts counts() {
    return new Counts(statements.get(), transactionEnds.get(), connections.get());
  }

  /** Whether a {@code LISTEN} statement ran on one of its connections. */
  boolean listened() {
    return listened.get();
  }

  @Override
  public Connection getConnection() throws SQLException {
    Physical physical;
    synchronized (idle) {
      physical = idle.pollFirst();
    }
    if (physical == null) {
      physical = new Physical(delegate.getConnection());
      connections.incrementAndGet();
    }
    return wrap(physical);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("the candidates' data sources have one user");
  }

  /** Closes the idle connections; connections in use are closed when they come back. */
  @Override
  public void close() {
    List<Physical> toClose;
    synchronized (idle) {
      closed = true;
      toClose = new ArrayList<>(idle);
      idle.clear();
    }
    toClose.forEach(Physical::closeQuietly);
  }

  /** A physical connection and its settings when it was opened. */
  private static final class Physical {
    final Connection connection;
    final boolean autoCommit;
    final boolean readOnly;
    final int isolation;
    final int networkTimeout;

    Physical(Connection connection) throws SQLException {
      this.connection = connection;
      this.autoCommit = connection.getAutoCommit();
      this.readOnly = connection.isReadOnly();
      this.isolation = connection.getTransactionIsolation();
      this.networkTimeout = connection.getNetworkTimeout();
    }

    /** Resets what a user may have changed; false if the connection is no good any more. */
    boolean reset() {
      try {
        if (connection.isClosed()) {
          return false;
        }
        if (!connection.getAutoCommit()) {
          connection.rollback();
        }
        connection.setAutoCommit(autoCommit);
        if (connection.isReadOnly() != readOnly) {
          connection.setReadOnly(readOnly);
        }
        if (connection.getTransactionIsolation() != isolation) {
          connection.setTransactionIsolation(isolation);
        }
        if (connection.getNetworkTimeout() != networkTimeout) {
          connection.setNetworkTimeout(Runnable::run, networkTimeout);
        }
        return true;
      } catch (SQLException e) {
        log.debug("a connection did not reset; it is closed instead of kept", e);
        return false;
      }
    }

    void closeQuietly() {
      try {
        connection.close();
      } catch (SQLException e) {
        log.debug("closing a pooled connection failed", e);
      }
    }
  }

  /** Takes {@code physical} back: to the idle ones if it resets and there is room, else closed. */
  private void giveBack(Physical physical) {
    boolean keep = physical.reset();
    synchronized (idle) {
      if (keep && !closed && idle.size() < MAX_IDLE) {
        idle.addFirst(physical);
        return;
      }
    }
    physical.closeQuietly();
  }

  private Connection wrap(Physical physical) {
    Connection real = physical.connection;
    AtomicBoolean returned = new AtomicBoolean();
    Connection[] self = new Connection[1];
    self[0] =
        (Connection)
            Proxy.newProxyInstance(
                Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                  if (isIdentity(method)) {
                    return identity(proxy, method, args);
                  }
                  switch (method.getName()) {
                    case "close" -> {
                      if (returned.compareAndSet(false, true)) {
                        giveBack(physical);
                      }
                      return null;
                    }
                    case "isClosed" -> {
                      return returned.get() || real.isClosed();
                    }
                    default -> {
                      if (returned.get()) {
                        throw new SQLException("the connection is closed");
                      }
                      return onConnection(real, self[0], method, args);
                    }
                  }
                });
    return self[0];
  }

  /** {@code equals} and {@code hashCode} of a proxy are its own identity, not its target's. */
  private static boolean isIdentity(Method method) {
    return method.getDeclaringClass() == Object.class && !method.getName().equals("toString");
  }

  private static Object identity(Object proxy, Method method, Object[] args) {
    return method.getName().equals("equals")
        ? proxy == args[0]
        : (Object) System.identityHashCode(proxy);
  }

  private Object onConnection(Connection real, Connection proxy, Method method, Object[] args)
      throws Throwable {
    String name = method.getName();
    if (name.equals("commit") || name.equals("rollback")) {
      transactionEnds.incrementAndGet();
    }
    Object result = invoke(real, method, args);
    if (result instanceof CallableStatement s && name.equals("prepareCall")) {
      return wrapStatement(s, CallableStatement.class, proxy, sqlOf(args));
    }
    if (result instanceof PreparedStatement s && name.equals("prepareStatement")) {
      return wrapStatement(s, PreparedStatement.class, proxy, sqlOf(args));
    }
    if (result instanceof Statement s && name.equals("createStatement")) {
      return wrapStatement(s, Statement.class, proxy, null);
    }
    return result;
  }

  private <S extends Statement> S wrapStatement(
      S real, Class<S> type, Connection connection, String preparedSql) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (isIdentity(method)) {
            return identity(proxy, method, args);
          }
          String name = method.getName();
          if (name.startsWith("execute")) {
            statements.incrementAndGet();
            String sql = preparedSql != null ? preparedSql : sqlOf(args);
            if (sql != null && sql.stripLeading().toUpperCase(Locale.ROOT).startsWith("LISTEN")) {
              listened.set(true);
            }
          }
          if (name.equals("getConnection") && (args == null || args.length == 0)) {
            return connection;
          }
          return invoke(real, method, args);
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  private static String sqlOf(Object[] args) {
    return args != null && args.length > 0 && args[0] instanceof String sql ? sql : null;
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Counter readings; {@link #minus} gives the counts of an interval. */
  record Counts(long statements, long transactionEnds, long connections) {
    static final Counts ZERO = new Counts(0, 0, 0);

    Counts minus(Counts earlier) {
      return new Counts(
          statements - earlier.statements,
          transactionEnds - earlier.transactionEnds,
          connections - earlier.connections);
    }

    Counts plus(Counts other) {
      return new Counts(
          statements + other.statements,
          transactionEnds + other.transactionEnds,
          connections + other.connections);
    }
  }
}
