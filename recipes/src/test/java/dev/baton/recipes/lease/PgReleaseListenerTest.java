// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.spi.Subscription;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.TcpProxy;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** Release notifications on a real PostgreSQL server. */
class PgReleaseListenerTest {
  private static final Duration WAKE = Duration.ofSeconds(5);
  private static final Duration QUIET = Duration.ofMillis(500);
  private static final Duration CHECK = Duration.ofSeconds(1);

  private final String table = LeaseDatabase.uniqueTable();
  private final LeaseConfig config = LeaseDatabase.longLease(table);
  private final List<PgReleaseListener> listeners = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    listeners.forEach(PgReleaseListener::close);
    LeaseDatabase.POSTGRESQL.drop(table);
  }

  @Test
  void aReleaseWakesTheSubscribersOfItsElectionOnly() {
    JdbcLeaseStore one = LeaseDatabase.POSTGRESQL.store(config, "one");
    JdbcLeaseStore two = LeaseDatabase.POSTGRESQL.store(config, "two");
    AtomicInteger wokeOne = new AtomicInteger();
    AtomicInteger wokeTwo = new AtomicInteger();
    PgReleaseListener listener = listen("one", wokeOne::incrementAndGet);
    listener.subscribe("two", wokeTwo::incrementAndGet);
    awaitListening(listener);
    // each wakes once as it starts listening: a release before its LISTEN would go unheard
    await().atMost(WAKE).until(() -> wokeOne.get() == 1 && wokeTwo.get() == 1);

    assertThat(one.acquire("a")).isEqualTo(OptionalLong.of(1));
    assertThat(two.acquire("a")).isEqualTo(OptionalLong.of(2)); // one sequence per table
    assertThat(one.renew("a", 1)).isTrue();
    assertThat(one.release("b", 1)).isFalse(); // refused: no notification
    assertThat(one.release("a", 1)).isTrue();
    await().atMost(WAKE).untilAsserted(() -> assertThat(wokeOne).hasValue(2));
    // The listener got one's notification on the table's channel; two's subscriber must not wake.
    await().during(QUIET).atMost(WAKE).until(() -> wokeTwo.get() == 1);

    // Notifications on one channel arrive in commit order: once two's subscriber has heard two's
    // release, the listener has already seen one's, so a count above two would show it woke for
    // one's.
    assertThat(two.release("a", 2)).isTrue();
    await().atMost(WAKE).untilAsserted(() -> assertThat(wokeTwo).hasValue(2));
    await().during(QUIET).atMost(WAKE).until(() -> wokeTwo.get() == 2 && wokeOne.get() == 2);
  }

  @Test
  void theListenerReconnectsAfterItsBackendIsTerminated() throws SQLException {
    JdbcLeaseStore store = LeaseDatabase.POSTGRESQL.store(config, "phoenix");
    AtomicInteger woke = new AtomicInteger();
    PgReleaseListener listener = listen("phoenix", woke::incrementAndGet);
    int firstPid = awaitListening(listener);
    await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(1)); // listening

    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    assertThat(store.release("a", 1)).isTrue();
    await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(2));

    assertThat(terminate(firstPid)).isTrue();
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> listener.backendPid() != 0 && listener.backendPid() != firstPid);
    // listening again: one wake, for whatever was released while it was disconnected
    await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(3));

    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(2));
    assertThat(store.release("a", 2)).isTrue();
    await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(4));
    assertThat(listener.running()).isTrue();
  }

  @Test
  void aFailingCallbackDoesNotStopTheListener() {
    JdbcLeaseStore store = LeaseDatabase.POSTGRESQL.store(config, "shaky");
    AtomicInteger calls = new AtomicInteger();
    PgReleaseListener listener =
        listen(
            "shaky",
            () -> {
              if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("the first wake (on listening) fails");
              }
            });
    awaitListening(listener);
    for (long token = 1; token <= 2; token++) {
      assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(token));
      assertThat(store.release("a", token)).isTrue();
    }
    await().atMost(WAKE).untilAsserted(() -> assertThat(calls).hasValue(3));
    assertThat(listener.running()).isTrue();
  }

  /**
   * A connection that dies without a word (a pulled cable: no reset, no close) sends no
   * notification and no error; only the periodic check notices it. Without the check the listener
   * would wait on it for good and never report itself disconnected (the first await fails).
   */
  @Test
  void aListeningConnectionThatDiedSilentlyIsNoticedByTheCheckAndReplaced() {
    JdbcLeaseStore store = LeaseDatabase.POSTGRESQL.store(config, "silent");
    AtomicInteger woke = new AtomicInteger();
    try (TcpProxy proxy = TcpProxy.start("127.0.0.1", 5432)) {
      PGSimpleDataSource viaProxy = new PGSimpleDataSource();
      viaProxy.setURL(PostgresFixture.url().replace(":5432/", ":" + proxy.port() + "/"));
      PgReleaseListener listener =
          PgReleaseListener.start(viaProxy, table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("silent", woke::incrementAndGet);
      int firstPid = awaitListening(listener);
      await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(1)); // listening

      proxy.blackhole();
      // the next check (within CHECK) times out (after CHECK): the listener lets the connection go
      await().atMost(CHECK.multipliedBy(2).plus(WAKE)).until(() -> listener.backendPid() == 0);

      proxy.heal();
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> listener.backendPid() != 0 && listener.backendPid() != firstPid);
      await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(2)); // listening again
      assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
      assertThat(store.release("a", 1)).isTrue();
      await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(3));
      assertThat(listener.running()).isTrue();
    }
  }

  /**
   * A pool keeps a returned connection as it is: one still listening would collect every release
   * notification of the table, unread, for whoever borrows it next. Here a one-connection "pool"
   * whose connections' close() keeps them open, as a pool's do.
   */
  @Test
  void itsConnectionGoesBackToThePoolNoLongerListening() throws SQLException {
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      PgReleaseListener listener =
          PgReleaseListener.start(poolOf(physical), table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("pooled", () -> {});
      awaitListening(listener);
      assertThat(listeningChannels(physical)).isEqualTo(1);
      listener.close();
      assertThat(listeningChannels(physical)).isZero();
    }
  }

  /**
   * A subscriber's statement failed while the listener held a working connection: the pool may have
   * had none left for it, so the listener gives its connection back, no longer listening, and stays
   * away, saying why.
   */
  @Test
  void aStatementFailingWhileItListensMakesItGiveItsConnectionBack() throws SQLException {
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      PgReleaseListener listener =
          PgReleaseListener.start(poolOf(physical), table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("yielding", () -> {});
      awaitListening(listener);
      listener.statementFailed("cannot renew the lease of yielding: no connection (test)");
      await().atMost(WAKE).until(() -> listener.backendPid() == 0);
      assertThat(listener.degraded())
          .hasValueSatisfying(
              why ->
                  assertThat(why)
                      .contains("gave its connection back", "no connection (test)")
                      .endsWith("listening again in " + PgReleaseListener.FIRST_AWAY));
      assertThat(listeningChannels(physical)).isZero();
      assertThat(listener.running()).isTrue(); // away, not stopped
    }
  }

  /**
   * The listener sets its connection's network timeout to its check interval. A pool that does not
   * reset a returned connection (DBCP2 and others do not; HikariCP does) would keep that timeout
   * for the next borrower, whose statements longer than it would then fail: the listener gives the
   * connection back with the timeout it came with, when it gives way and when it stops. The same
   * for the auto-commit it sets (a pool lending connections without it would hand the next borrower
   * one that commits each statement).
   */
  @Test
  void itsConnectionGoesBackToThePoolWithTheNetworkTimeoutAndAutoCommitItCameWith()
      throws SQLException {
    int before = 123_456;
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      physical.setNetworkTimeout(Runnable::run, before);
      physical.setAutoCommit(false);
      PgReleaseListener listener =
          PgReleaseListener.start(poolOf(physical), table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("timed", () -> {});
      awaitListening(listener);

      listener.statementFailed("cannot renew the lease of timed: no connection (test)");
      // given back before it says it no longer listens
      await().atMost(WAKE).until(() -> listener.backendPid() == 0);
      assertThat(physical.getNetworkTimeout()).as("after giving way").isEqualTo(before);
      assertThat(physical.getAutoCommit()).as("auto-commit after giving way").isFalse();
      assertThat(physical.isClosed()).isFalse(); // given back, not aborted
    }
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      physical.setNetworkTimeout(Runnable::run, before);
      physical.setAutoCommit(false);
      PgReleaseListener listener =
          PgReleaseListener.start(poolOf(physical), table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("timed", () -> {});
      awaitListening(listener);
      listener.close();
      assertThat(physical.getNetworkTimeout()).as("after stopping").isEqualTo(before);
      assertThat(physical.getAutoCommit()).as("auto-commit after stopping").isFalse();
      assertThat(physical.isClosed()).isFalse();
    }
  }

  /**
   * The time it stays away after giving way doubles while give-ways come close together (the pool
   * is still short), and starts over at {@link PgReleaseListener#FIRST_AWAY} once its connection
   * has listened at least as long as it last stayed away: otherwise a few transient failures over a
   * process's life would make every later give-way last {@link PgReleaseListener#MAX_AWAY}.
   */
  @Test
  @Tag("soak") // about three minutes of waiting out give-ways in real time: the chaos profile
  void theGiveWayBackoffStartsOverOnceItListenedAsLongAsItStayedAway() throws SQLException {
    Duration away = PgReleaseListener.FIRST_AWAY;
    Duration back = away.plus(WAKE);
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      PgReleaseListener listener =
          PgReleaseListener.start(poolOf(physical), table, Duration.ofMillis(200), CHECK);
      listeners.add(listener);
      listener.subscribe("backoff", () -> {});
      awaitListening(listener);
      giveWay(listener, "1").endsWith("listening again in " + away);

      // back after FIRST_AWAY; it listens cleanly for as long as it stayed away
      await().atMost(back).until(() -> listener.backendPid() != 0);
      int pid = listener.backendPid();
      await()
          .during(away)
          .atMost(away.plus(WAKE))
          .until(() -> listener.backendPid() == pid && listener.degraded().isEmpty());
      giveWay(listener, "2").endsWith("listening again in " + away); // started over

      // back again, and a statement fails at once: still short of connections, so it doubles
      await().atMost(back).until(() -> listener.backendPid() != 0);
      giveWay(listener, "3").endsWith("listening again in " + away.multipliedBy(2));
      assertThat(listener.running()).isTrue();
    }
  }

  /**
   * Tells {@code listener} that statement {@code n} failed, and returns why it says it gave way.
   */
  private static AbstractStringAssert<?> giveWay(PgReleaseListener listener, String n) {
    String failure = "cannot renew the lease of backoff: no connection (test " + n + ")";
    listener.statementFailed(failure);
    await()
        .atMost(WAKE)
        .until(
            () -> listener.backendPid() == 0 && listener.degraded().orElse("").contains(failure));
    return assertThat(listener.degraded().orElseThrow()).contains("gave its connection back");
  }

  private static int listeningChannels(Connection c) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM pg_listening_channels()");
        ResultSet rs = s.executeQuery()) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** A DataSource that lends {@code physical} each time, whose close() leaves it open. */
  private static DataSource poolOf(Connection physical) {
    Connection lent =
        (Connection)
            Proxy.newProxyInstance(
                Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("close")) {
                    return null; // back in the pool
                  }
                  try {
                    return method.invoke(physical, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getConnection")) {
                return lent;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  /**
   * All candidates on one data source and table share one listener, so one connection of the pool:
   * it starts with the first subscriber, and stops with the last.
   */
  @Test
  void theWakeupsOfOneDataSourceAndTableShareOneListenerUntilTheLastLeaves() {
    DataSource pool = PostgresFixture.dataSource();
    JdbcLeaseStore store = LeaseDatabase.POSTGRESQL.store(config, "a");
    AtomicInteger wokeA = new AtomicInteger();
    AtomicInteger wokeB = new AtomicInteger();
    Subscription a =
        PgReleaseListener.wakeups(pool, table, "a", Duration.ofMillis(200))
            .subscribe(wokeA::incrementAndGet);
    Subscription b =
        PgReleaseListener.wakeups(pool, table, "b", Duration.ofMillis(200))
            .subscribe(wokeB::incrementAndGet);
    try {
      await().atMost(WAKE).until(() -> wokeA.get() >= 1 && wokeB.get() >= 1); // listening
      assertThat(threadsNamed("baton-lease-listen-" + table)).isOne();
      int before = wokeA.get();
      assertThat(store.acquire("h")).isEqualTo(OptionalLong.of(1));
      assertThat(store.release("h", 1)).isTrue();
      await().atMost(WAKE).until(() -> wokeA.get() == before + 1);

      a.close();
      assertThat(threadsNamed("baton-lease-listen-" + table)).isOne(); // b still listens
    } finally {
      a.close();
      b.close();
    }
    // the last leave does not wait for the thread: it ends after its poll
    await().atMost(WAKE).until(() -> threadsNamed("baton-lease-listen-" + table) == 0);
  }

  /**
   * A lease closed while its shell loop is busy ends its subscriptions before its release: the last
   * leave must not wait for the listener's thread, which may be in its poll (up to half a second)
   * or, as here, in a callback. The callback waits for the leave for 1 s, half of what the leave
   * used to wait for the thread. The thread still ends and gives its connection back no longer
   * listening, and a later subscriber is woken by a new listener.
   */
  @Test
  void theLastLeaveDoesNotWaitForTheListenersThread() throws Exception {
    JdbcLeaseStore store = LeaseDatabase.POSTGRESQL.store(config, "busy");
    try (Connection physical = PostgresFixture.dataSource().getConnection()) {
      DataSource pool = poolOf(physical);
      CountDownLatch inCallback = new CountDownLatch(1);
      CountDownLatch left = new CountDownLatch(1);
      AtomicBoolean sawLeave = new AtomicBoolean();
      Subscription busy =
          PgReleaseListener.wakeups(pool, table, "busy", Duration.ofMillis(200))
              .subscribe(
                  () -> {
                    inCallback.countDown();
                    try {
                      sawLeave.set(left.await(1, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  });
      assertThat(inCallback.await(WAKE.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      busy.close(); // the last leave, while the listener's thread is busy
      left.countDown();
      await().atMost(WAKE).until(() -> threadsNamed("baton-lease-listen-" + table) == 0);
      assertThat(sawLeave).isTrue();
      assertThat(listeningChannels(physical)).isZero();

      AtomicInteger woke = new AtomicInteger();
      try (Subscription later =
          PgReleaseListener.wakeups(pool, table, "busy", Duration.ofMillis(200))
              .subscribe(woke::incrementAndGet)) {
        await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(1)); // listening
        assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
        assertThat(store.release("a", 1)).isTrue();
        await().atMost(WAKE).untilAsserted(() -> assertThat(woke).hasValue(2));
      }
      await().atMost(WAKE).until(() -> threadsNamed("baton-lease-listen-" + table) == 0);
    }
  }

  /** A listener that cannot have a connection says why, and followers poll meanwhile. */
  @Test
  void wakeupsWithoutAConnectionReportTheReasonAsDegraded() {
    DataSource exhausted =
        (DataSource)
            Proxy.newProxyInstance(
                DataSource.class.getClassLoader(),
                new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                  throw new SQLException("pool exhausted (test)");
                });
    Wakeups wakeups = PgReleaseListener.wakeups(exhausted, table, "starved", Duration.ofSeconds(1));
    assertThat(wakeups.degraded()).isEmpty();
    try (Subscription s = wakeups.subscribe(() -> {})) {
      await()
          .atMost(WAKE)
          .untilAsserted(
              () ->
                  assertThat(wakeups.degraded())
                      .hasValueSatisfying(
                          why ->
                              assertThat(why)
                                  .contains("polling alone", table, "pool exhausted (test)")));
    }
    await().atMost(WAKE).until(() -> threadsNamed("baton-lease-listen-" + table) == 0);
  }

  @Test
  void closeStopsTheThreadAndIsIdempotent() {
    PgReleaseListener listener = listen("closing", () -> {});
    awaitListening(listener);
    assertThat(threadsNamed("baton-lease-listen-" + table)).isOne();
    listener.close();
    assertThat(listener.running()).isFalse();
    assertThat(listener.backendPid()).isZero();
    assertThat(threadsNamed("baton-lease-listen-" + table)).isZero();
    listener.close();
    assertThat(listener.running()).isFalse();
  }

  private PgReleaseListener listen(String name, Runnable onRelease) {
    PgReleaseListener listener =
        PgReleaseListener.start(
            PostgresFixture.dataSource(),
            table,
            Duration.ofMillis(200),
            PgReleaseListener.CHECK_INTERVAL);
    listeners.add(listener);
    listener.subscribe(name, onRelease);
    return listener;
  }

  private static int awaitListening(PgReleaseListener listener) {
    await().atMost(Duration.ofSeconds(10)).until(() -> listener.backendPid() != 0);
    return listener.backendPid();
  }

  private static boolean terminate(int pid) throws SQLException {
    try (Connection c = PostgresFixture.dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
      s.setInt(1, pid);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  private static long threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals(name) && t.isAlive())
        .count();
  }
}
