// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.lease.LeaseBackend;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A chaos client: one recipe in its own JVM, speaking {@link ChaosProtocol} on stdout and stdin.
 * Bad arguments: an ERROR line, exit 2; a failed start: an ERROR line, exit 1; {@code STOP} or
 * SIGTERM: closes recipe and session, prints {@code STOPPED}. On the lease backend there is no
 * ZooKeeper session ({@code EXPIRE}, {@code SESSION}, {@code WHERE} answer ERROR). Logs to stderr.
 */
public final class ChaosClientMain {
  private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration MIN_POOL_TIMEOUT = Duration.ofMillis(250); // HikariCP's floor

  private final ClientArgs args;
  private final EventOut out;
  private final AtomicBoolean stopped = new AtomicBoolean();
  private final WriteGate gate;
  private volatile HikariDataSource pool;
  private volatile HikariDataSource leasePool; // --backend=lease
  private volatile BatonSession session; // null on the lease backend
  private volatile ChaosRole role;

  private ChaosClientMain(ClientArgs args, EventOut out) {
    this.args = args;
    this.out = out;
    this.gate = new WriteGate(out);
  }

  public static void main(String[] argv) throws Exception {
    configureLogging();
    ClientArgs args;
    try {
      args = ClientArgs.parse(argv);
    } catch (IllegalArgumentException e) {
      EventOut.errorLine(System.out, ClientArgs.idOf(argv), "bad arguments: " + e.getMessage());
      System.exit(2);
      return;
    }
    EventOut out = new EventOut(args.id());
    ChaosClientMain client = new ChaosClientMain(args, out);
    Runtime.getRuntime().addShutdownHook(new Thread(client::stop, "chaos-client-shutdown"));
    try {
      client.start();
    } catch (Exception e) {
      LoggerFactory.getLogger(ChaosClientMain.class).error("the chaos client did not start", e);
      out.error("start failed: " + e);
      client.stop();
      System.exit(1);
      return;
    }
    out.event("READY");
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String command = line.trim();
      switch (command) {
        case "STOP" -> {
          client.stop();
          System.exit(0);
          return;
        }
        case "EXPIRE" ->
            client.onZooKeeper(command, zk -> zk.getTestable().injectSessionExpiration());
        case "SESSION" ->
            client.onZooKeeper(
                command,
                zk ->
                    out.event(
                        "SESSION",
                        "session",
                        Long.toHexString(zk.getSessionId()),
                        "password",
                        HexFormat.of().formatHex(zk.getSessionPasswd())));
        case "WHERE" -> client.reportServer("WHERE");
        case "HOLD" -> client.gate.hold();
        case "RELEASE" -> client.gate.release();
        case "" -> {}
        default -> out.error("unknown command '" + command + "'");
      }
    }
    // stdin closed: run until SIGTERM (or the orchestrator's death ends this JVM)
    Thread.currentThread().join();
  }

  private interface ZooKeeperAction {
    void run(ZooKeeper zk) throws Exception;
  }

  /** Runs {@code action} on the ZooKeeper handle; an ERROR line if it fails or there is none. */
  private void onZooKeeper(String command, ZooKeeperAction action) {
    if (session == null) {
      out.error(command + ": no ZooKeeper session on the " + args.backend().key() + " backend");
      return;
    }
    try {
      action.run(session.curator().getZookeeperClient().getZooKeeper());
    } catch (Exception e) {
      out.error(command + " failed: " + e);
    }
  }

  /** Prints {@code <kind> [extra..] session=<hex> server=<proxy port, or -1>}. */
  private void reportServer(String kind, Object... extra) {
    onZooKeeper(
        kind,
        zk -> {
          List<Object> kv = new ArrayList<>(List.of(extra));
          kv.addAll(
              List.of("session", Long.toHexString(zk.getSessionId()), "server", remotePort(zk)));
          out.event(kind, kv.toArray());
        });
  }

  /** The handle's remote port (ZooKeeper's protected test hook), or -1. */
  private static int remotePort(ZooKeeper zk) throws ReflectiveOperationException {
    Method m = ZooKeeper.class.getDeclaredMethod("testableRemoteSocketAddress");
    m.setAccessible(true);
    Object address = m.invoke(zk);
    return address instanceof InetSocketAddress a ? a.getPort() : -1;
  }

  private void start() throws Exception {
    Logger log = LoggerFactory.getLogger(ChaosClientMain.class);
    if (args.jdbc().isPresent()) {
      pool = pool(args.jdbc().get(), CONNECTION_TIMEOUT);
      ProtectedWriter.createTables(pool, args.fence() == FenceKind.SQL);
    }
    dev.baton.recipes.backend.Backend on;
    if (args.backend() == Backend.LEASE) {
      // as docs/backends.md asks: a connection timeout below renewTimeout, so that a renewal on a
      // cut link fails (RENEWAL_FAILED, SUSPENDED) instead of waiting out the term in the pool
      Duration half = args.leaseConfig().renewTimeout().dividedBy(2);
      HikariDataSource leases =
          leasePool(
              args.leaseJdbc().orElseThrow(),
              half.compareTo(MIN_POOL_TIMEOUT) < 0 ? MIN_POOL_TIMEOUT : half);
      leasePool = leases;
      // the lease table created if missing: two clients start at once
      on =
          Retries.run(
              "preparing the lease table",
              leases,
              () -> LeaseBackend.create(leases, args.leaseConfig()));
      log.info("chaos client {} ({}) elects on the lease backend", args.id(), args.role());
    } else {
      session =
          BatonSession.start(
              SessionConfig.builder(args.connect())
                  .sessionTimeout(args.session())
                  .connectionTimeout(CONNECTION_TIMEOUT)
                  .build());
      log.info(
          "chaos client {} ({}) connected, session 0x{}",
          args.id(),
          args.role(),
          Long.toHexString(session.sessionId()));
      session
          .curator()
          .getConnectionStateListenable()
          .addListener((c, state) -> reportServer("CONNECTION", "state", state));
      on = session;
    }
    ProtectedWriter writer =
        new ProtectedWriter(
            args, Optional.ofNullable(pool), session == null ? null : session.curator(), out, gate);
    role =
        switch (args.role()) {
          case ELECTION -> new ElectionRole(args, on, writer, out);
          case LOCK -> new LockRole(args, on, writer, out);
          case SCHEDULER -> new SchedulerRole(args, on, pool, out, gate);
          case PARTITION -> new PartitionRole(args, session, writer, out);
        };
    role.start();
  }

  /** A pool connecting on demand: a server down fails a call after {@code connectionTimeout}. */
  private static HikariDataSource pool(String url, Duration connectionTimeout) {
    return new HikariDataSource(config(url, connectionTimeout));
  }

  private static HikariConfig config(String url, Duration connectionTimeout) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMinimumIdle(0);
    config.setMaximumPoolSize(8);
    config.setConnectionTimeout(connectionTimeout.toMillis());
    config.setInitializationFailTimeout(-1);
    return config;
  }

  /**
   * The lease's pool: {@link #pool} that also drops a connection a cut broke. HikariCP evicts on
   * SQL state 08 (PostgreSQL's driver); H2 over TCP says 90067 "Connection is broken", which
   * HikariCP keeps, and it checks a connection on borrow only after 500 ms unused: a follower
   * polling faster (every 250 ms with 2.5 s sessions) got the same dead connection back for a
   * minute and more.
   */
  private static HikariDataSource leasePool(String url, Duration connectionTimeout) {
    HikariConfig config = config(url, connectionTimeout);
    config.setExceptionOverride(
        new SQLExceptionOverride() {
          @java.lang.Override // Override alone names the interface's enum here
          public Override adjudicate(SQLException e) {
            return e instanceof SQLNonTransientConnectionException
                ? Override.MUST_EVICT
                : Override.CONTINUE_EVICT;
          }
        });
    return new HikariDataSource(config);
  }

  /** Closes the recipe, then the session, then the pools; prints STOPPED once. Idempotent. */
  private void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    close("the " + args.role() + " recipe", role);
    close("the session", session);
    close("the pool", pool);
    close("the lease pool", leasePool);
    out.event("STOPPED");
  }

  private static void close(String what, AutoCloseable c) {
    try {
      if (c != null) {
        c.close();
      }
    } catch (Exception e) {
      LoggerFactory.getLogger(ChaosClientMain.class).warn("closing {} failed", what, e);
    }
  }

  /** slf4j-simple to stderr with times; ZooKeeper and Curator at WARN but connects and states. */
  private static void configureLogging() {
    Map.of(
            "logFile", "System.err",
            "showDateTime", "true",
            "dateTimeFormat", "HH:mm:ss.SSS",
            "log.org.apache.zookeeper", "warn",
            "log.org.apache.zookeeper.ClientCnxn", "info",
            "log.org.apache.curator", "warn",
            "log.org.apache.curator.framework.state.ConnectionStateManager", "info")
        .forEach((k, v) -> System.getProperties().putIfAbsent("org.slf4j.simpleLogger." + k, v));
  }
}
