// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Subscription;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * Wakes followers on a lease's release (PostgreSQL): a daemon thread {@code LISTEN}s on one
 * connection to the table's channel ({@link JdbcLeaseStore#release} notifies it) and runs the
 * subscribed callbacks there, under no lock. One listener serves every candidate per data source
 * and table in this JVM (one each would starve a small pool). When a subscriber's statement fails
 * while it holds a connection, it gives that back and stays away a minute, doubling up to an hour;
 * after listening as long as it last stayed away, it starts over. A failed connection shows in
 * {@link #degraded()} and is replaced after {@code reconnectDelay}; each start of listening wakes
 * every subscriber once, to find missed releases. Only this class needs the PostgreSQL driver.
 */
final class PgReleaseListener implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PgReleaseListener.class);
  private static final int WAIT_MILLIS = 500;
  private static final long JOIN_MILLIS = 2_000;
  private static final PGNotification[] NONE = {};

  // Idle-connection query interval and network timeout: notifications miss a half-open TCP link.
  static final Duration CHECK_INTERVAL = Duration.ofSeconds(10);

  /** How long it first stays away from a pool with no connection to spare; then doubled. */
  static final Duration FIRST_AWAY = Duration.ofMinutes(1);

  static final Duration MAX_AWAY = Duration.ofHours(1);

  /** The listener of each data source and table that has subscribers; guarded by itself. */
  private static final Map<Key, PgReleaseListener> SHARED = new HashMap<>();

  private final DataSource dataSource;
  private final String table;
  private final String channel;
  private final Duration reconnectDelay;
  private final long checkNanos;
  private final int networkTimeoutMillis;
  private final Thread thread;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Object lock = new Object();
  private @Nullable Connection connection; // guarded by lock
  private Lent lent = Lent.UNCHANGED; // guarded by lock: the connection's settings as lent
  private final Map<String, List<Runnable>> subscribers = new HashMap<>(); // guarded by itself
  private volatile int backendPid;
  private volatile @Nullable String degraded;
  private volatile @Nullable String giveWay; // a statement that failed while this one listened
  private int yields; // on the listener's thread
  private Duration lastAway = Duration.ZERO; // on the listener's thread: its last time away
  private long listeningSince; // on the listener's thread: System.nanoTime() of the last LISTEN

  /** A data source by identity (pools do not define equality) and a table. */
  private record Key(DataSource dataSource, String table) {
    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Key k && k.dataSource == dataSource && k.table.equals(table);
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(dataSource) * 31 + table.hashCode();
    }
  }

  private PgReleaseListener(
      DataSource dataSource, String table, Duration reconnectDelay, Duration checkInterval) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.table = Objects.requireNonNull(table, "table");
    this.channel = LeaseSchema.channel(table);
    this.reconnectDelay = Objects.requireNonNull(reconnectDelay, "reconnectDelay");
    this.checkNanos = checkInterval.toNanos();
    this.networkTimeoutMillis = Math.toIntExact(Math.max(1, checkInterval.toMillis()));
    this.thread = new Thread(this::run, "baton-lease-listen-" + table);
    this.thread.setDaemon(true);
  }

  /** Wake-ups of election {@code name}: a subscription joins, or starts, the shared listener. */
  public static Wakeups wakeups(
      DataSource dataSource, String table, String name, Duration reconnectDelay) {
    Key key = new Key(Objects.requireNonNull(dataSource, "dataSource"), table);
    Objects.requireNonNull(name, "name");
    return new Wakeups() {
      private volatile @Nullable PgReleaseListener joined;

      @Override
      public Subscription subscribe(Runnable onRelease) {
        PgReleaseListener listener;
        Subscription subscription;
        synchronized (SHARED) {
          listener =
              SHARED.computeIfAbsent(
                  key, k -> start(dataSource, table, reconnectDelay, CHECK_INTERVAL));
          subscription = listener.subscribe(name, onRelease);
        }
        joined = listener;
        return () -> leave(key, listener, subscription);
      }

      @Override
      public Optional<String> degraded() {
        PgReleaseListener listener = joined;
        return listener == null ? Optional.empty() : listener.degraded();
      }

      @Override
      public void statementFailed(String failure) {
        PgReleaseListener listener = joined;
        if (listener != null) {
          listener.statementFailed(failure);
        }
      }
    };
  }

  private static void leave(Key key, PgReleaseListener listener, Subscription subscription) {
    boolean last;
    synchronized (SHARED) {
      subscription.close();
      last = listener.idle();
      if (last) {
        SHARED.remove(key, listener);
      }
    }
    if (last) {
      // Not close(): its join would delay the lease's release, which may follow this.
      listener.stop();
    }
  }

  /** A listener of its own on {@code table}; the first {@code LISTEN} follows on its thread. */
  static PgReleaseListener start(
      DataSource dataSource, String table, Duration reconnectDelay, Duration checkInterval) {
    PgReleaseListener listener =
        new PgReleaseListener(dataSource, table, reconnectDelay, checkInterval);
    listener.thread.start();
    return listener;
  }

  /** Runs {@code onRelease} on each release of {@code name} and each time listening starts. */
  Subscription subscribe(String name, Runnable onRelease) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(onRelease, "onRelease");
    synchronized (subscribers) {
      subscribers.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(onRelease);
    }
    AtomicBoolean left = new AtomicBoolean();
    return () -> {
      if (!left.compareAndSet(false, true)) {
        return;
      }
      synchronized (subscribers) {
        List<Runnable> of = subscribers.get(name);
        if (of != null && of.remove(onRelease) && of.isEmpty()) {
          subscribers.remove(name);
        }
      }
    };
  }

  // If listening, the pool may have had no connection for the failed statement: give ours back.
  void statementFailed(String failure) {
    if (backendPid != 0) {
      giveWay = Objects.requireNonNull(failure, "failure");
    }
  }

  private boolean idle() {
    synchronized (subscribers) {
      return subscribers.isEmpty();
    }
  }

  /** Why followers wake by polling alone, or empty while it listens or before its first try. */
  Optional<String> degraded() {
    return Optional.ofNullable(degraded);
  }

  /** The server process of the current connection once it listens, 0 when not connected. */
  int backendPid() {
    return backendPid;
  }

  boolean running() {
    return thread.isAlive();
  }

  private void run() {
    boolean failing = false;
    while (!closed.get()) {
      giveWay = null; // failures while it did not listen do not count
      try {
        PGConnection pg = connect();
        listeningSince = System.nanoTime();
        if (failing) {
          log.info("listening for releases in {} again", table);
          failing = false;
        }
        degraded = null;
        // Releases before the LISTEN (at first or while disconnected) went unheard: wake each once.
        wakeAll();
        long nextCheck = System.nanoTime() + checkNanos;
        while (!closed.get() && giveWay == null) {
          PGNotification[] notifications = pg.getNotifications(WAIT_MILLIS);
          for (PGNotification n : notifications == null ? NONE : notifications) {
            wake(n.getParameter());
          }
          if (System.nanoTime() - nextCheck >= 0) {
            check();
            nextCheck = System.nanoTime() + checkNanos;
          }
        }
        String failure = giveWay;
        if (failure != null && !closed.get()) {
          check(); // if this connection fails too, the database is at fault: reconnect as usual
          if (!giveWay(failure)) {
            break;
          }
        }
      } catch (SQLException | RuntimeException e) {
        backendPid = 0;
        if (closed.get()) {
          break;
        }
        degraded =
            "followers wake by polling alone: listening for releases in "
                + table
                + " failed ("
                + e
                + "); trying again every "
                + reconnectDelay;
        if (!failing) {
          log.warn(
              "cannot listen for releases in {} (followers poll alone meanwhile); trying again"
                  + " every {}",
              table,
              reconnectDelay,
              e);
          failing = true;
        } else {
          log.debug("listening for releases in {} still fails", table, e);
        }
        disconnect();
        if (!pause(reconnectDelay)) {
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
    boolean autoCommit = c.getAutoCommit();
    int timeout = -1;
    try {
      c.setAutoCommit(true);
      try {
        int was = c.getNetworkTimeout();
        c.setNetworkTimeout(Runnable::run, networkTimeoutMillis);
        timeout = was;
      } catch (SQLFeatureNotSupportedException e) {
        log.debug("no network timeout on the connection listening on {}", table, e);
      }
    } finally {
      synchronized (lock) {
        if (connection == c) {
          lent = new Lent(timeout, autoCommit); // given back so: not every pool resets them
        }
      }
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

  private void wakeAll() {
    List<String> names;
    synchronized (subscribers) {
      names = List.copyOf(subscribers.keySet());
    }
    names.forEach(this::wake);
  }

  /** Runs the callbacks of election {@code name}, each on its own: one failing stops no other. */
  private void wake(String name) {
    List<Runnable> callbacks;
    synchronized (subscribers) {
      callbacks = subscribers.get(name);
    }
    if (callbacks == null) {
      return; // another election's release, or nobody listens for it any more
    }
    for (Runnable callback : callbacks) {
      if (closed.get()) {
        return;
      }
      try {
        callback.run();
      } catch (RuntimeException e) {
        log.warn("a release callback of '{}' in {} failed", name, table, e);
      }
    }
  }

  /** Gives the connection back and stays away; false if closed meanwhile. */
  private boolean giveWay(String failure) {
    // Listening as long as it last stayed away shows the pool can spare it again: start over.
    if (System.nanoTime() - listeningSince >= lastAway.toNanos()) {
      yields = 0;
    }
    Duration away = FIRST_AWAY.multipliedBy(1L << Math.min(yields, 6));
    away = away.compareTo(MAX_AWAY) > 0 ? MAX_AWAY : away;
    yields++;
    lastAway = away;
    // The reason, then the connection back, then the pid: who sees it stopped listening sees why.
    degraded =
        "followers wake by polling alone: the listener on "
            + table
            + " gave its connection back to the pool, as a statement failed while it held one ("
            + failure
            + "): the pool seems to have no connection to spare; listening again in "
            + away;
    disconnect();
    backendPid = 0;
    log.warn(
        "gave the connection listening for releases in {} back to the pool, as a statement"
            + " failed while it held one: the pool seems to have no connection to spare (it"
            + " needs one per lease table for listening, besides the statements' own); followers"
            + " poll alone for {}",
        table,
        away);
    return pause(away);
  }

  /** Waits {@code delay}; false if the listener was closed or interrupted meanwhile. */
  private boolean pause(Duration delay) {
    try {
      return !stop.await(delay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  // Returns the connection after UNLISTEN (pools do not reset it: a borrower would buffer our
  // notifications), with its lent settings, from our thread or after it ended; else aborts it.
  private void disconnect() {
    Connection c;
    Lent settings;
    synchronized (lock) {
      c = connection;
      settings = lent;
      connection = null;
      lent = Lent.UNCHANGED;
    }
    if (c == null) {
      return;
    }
    boolean idle = Thread.currentThread() == thread || !thread.isAlive();
    if (idle && unlisten(c) && restore(c, settings)) {
      try {
        c.close();
      } catch (SQLException e) {
        log.debug("closing the connection listening on {} failed", table, e);
      }
    } else {
      try {
        c.abort(Runnable::run);
      } catch (SQLException | RuntimeException e) {
        log.debug("aborting the connection listening on {} failed", table, e);
      }
    }
  }

  /** The lent settings the listener changed: network timeout (-1 if unchanged) and auto-commit. */
  private record Lent(int networkTimeout, boolean autoCommit) {
    static final Lent UNCHANGED = new Lent(-1, true);
  }

  /** Gives {@code c} back the {@code settings} it was lent with; false if it cannot. */
  private boolean restore(Connection c, Lent settings) {
    try {
      if (settings.networkTimeout() >= 0) {
        c.setNetworkTimeout(Runnable::run, settings.networkTimeout());
      }
      if (!settings.autoCommit()) {
        c.setAutoCommit(false);
      }
      return true;
    } catch (SQLException | RuntimeException e) {
      log.debug("the connection listening on {} could not have its settings back", table, e);
      return false;
    }
  }

  private boolean unlisten(Connection c) {
    try (Statement s = c.createStatement()) {
      s.execute("UNLISTEN *");
      return true;
    } catch (SQLException | RuntimeException e) {
      log.debug("the connection listening on {} could not stop listening", table, e);
      return false;
    }
  }

  /** Stops the thread without waiting; it ends after its poll or callback. Idempotent. */
  void stop() {
    if (closed.compareAndSet(false, true)) {
      stop.countDown();
    }
  }

  /** Stops the thread, waits up to 2 s for it to end and closes its connection. Idempotent. */
  @Override
  public void close() {
    stop();
    if (Thread.currentThread() == thread) {
      return; // closed by a callback: the loop ends after it returns
    }
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      log.warn("the release listener of {} did not stop within {} ms", table, JOIN_MILLIS);
    }
    disconnect();
  }
}
