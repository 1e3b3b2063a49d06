// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.baton.demo.DemoDefaults;
import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker process of the demo: one session, a candidate of the scheduler's election ({@link
 * JobWriter}) and a member of the stream's group ({@link PartitionProcessor}); it reports in the
 * {@link WorkerEvent} protocol on standard output. {@code STOP}, the end of standard input, SIGTERM
 * or SIGINT all close through the one path {@link BatonSession#close()} (newest attached first:
 * member, election, finisher, client), since SIGTERM and the end of input come together from {@link
 * Process#destroy()}. Exit codes: 2 bad command line, 1 could not start.
 */
public final class WorkerMain {
  private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Connection attempts before giving up: a fresh JVM's first (TLS) connection to a new ensemble
   * can take longer than one timeout on a loaded machine.
   */
  private static final int CONNECT_ATTEMPTS = 4;

  /** Longer than the member's drain (5 s, plus 5 s of margin) and the election's (5 s) together. */
  private static final Duration STOP_WAIT = Duration.ofSeconds(20);

  private final WorkerArgs args;
  private final Events events;
  private final Logger log = LoggerFactory.getLogger(WorkerMain.class);
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final AtomicBoolean finished = new AtomicBoolean();
  private final CountDownLatch stoppedByCommand = new CountDownLatch(1);
  private volatile HikariDataSource dataSource;
  private volatile BatonSession session;

  private WorkerMain(WorkerArgs args, Events events) {
    this.args = args;
    this.events = events;
  }

  public static void main(String[] argv) throws IOException {
    // The log pattern names the worker (logback.xml): set before anything creates the first logger.
    WorkerArgs.idOf(argv).ifPresent(id -> System.setProperty("baton.demo.process", id));
    WorkerArgs args;
    try {
      args = WorkerArgs.parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("worker " + WorkerArgs.idOf(argv).orElse("?") + ": " + e.getMessage());
      System.err.println(WorkerArgs.usage());
      System.exit(2);
      return;
    }
    WorkerMain worker = new WorkerMain(args, new Events(args.id(), System.out));
    // Closes nothing itself: keeps the JVM alive until a STOP in progress has finished closing.
    Runtime.getRuntime().addShutdownHook(new Thread(worker::awaitStop, "demo-worker-await-stop"));
    try {
      worker.start();
    } catch (Exception e) {
      worker.log.error("worker {} did not start", args.id(), e);
      worker.events.error("start failed: " + e);
      worker.stop();
      System.exit(1);
      return;
    }
    worker.readCommands();
    System.exit(0);
  }

  private void start() throws Exception {
    log.info("worker starting: {}", args);
    DriverManager.setLoginTimeout((int) CONNECTION_TIMEOUT.toSeconds());
    dataSource = pool(args);
    DemoTables.create(dataSource);
    SessionConfig.Builder config =
        SessionConfig.builder(args.zookeeper())
            .sessionTimeout(args.sessionTimeout())
            .connectionTimeout(min(CONNECTION_TIMEOUT, args.sessionTimeout()))
            .closeOnJvmExit(true);
    args.tls().ifPresent(config::tls);
    session = startSession(config.build());
    // Attached before the recipes, so closed after them (the session closes newest first).
    session.closeWithSession(this::finish);
    log.info("worker {} connected, session 0x{}", args.id(), Long.toHexString(session.sessionId()));
    ObjectNode ready = events.create("ready");
    ready.put("sessionId", Long.toHexString(session.sessionId()));
    ready.put("pid", ProcessHandle.current().pid());
    events.emit(ready);

    SqlJobStore store = SqlJobStore.create(dataSource, DemoDefaults.TABLE_PREFIX);
    LeaderElection election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(args.election()).participantId(args.id()).build(),
            new JobWriter(store, JobWriter.scheduleOf(args.election()), events));
    GroupMember member =
        GroupMember.create(
            session,
            GroupConfig.builder(args.group())
                .memberId(args.id())
                .partitionCount(args.partitions())
                .drainTimeout(PartitionProcessor.DRAIN_TIMEOUT)
                .build(),
            new PartitionProcessor(dataSource, events));
    // Attached to the session in this order, so closed in reverse: the member, then the election.
    election.start();
    member.start();
  }

  /** Starts the session, trying again while no server answers in time. */
  private BatonSession startSession(SessionConfig config) {
    for (int attempt = 1; ; attempt++) {
      try {
        return BatonSession.start(config);
      } catch (CoordinationException e) {
        if (attempt == CONNECT_ATTEMPTS) {
          throw e;
        }
        log.warn(
            "worker {}: attempt {} to connect failed, trying again: {}",
            args.id(),
            attempt,
            e.getMessage());
      }
    }
  }

  /** The pool: a connection per partition loop, the job writer and table creation. */
  private static HikariDataSource pool(WorkerArgs args) {
    HikariConfig pool = new HikariConfig();
    pool.setPoolName("demo-" + args.id());
    pool.setJdbcUrl(args.jdbc());
    args.jdbcUser().ifPresent(pool::setUsername);
    args.jdbcPassword().ifPresent(pool::setPassword);
    pool.setMaximumPoolSize(args.partitions() + 4);
    pool.setMinimumIdle(2);
    pool.setConnectionTimeout(CONNECTION_TIMEOUT.toMillis());
    pool.setInitializationFailTimeout(CONNECTION_TIMEOUT.toMillis());
    return new HikariDataSource(pool);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Reads commands until STOP or the end of the input, then stops. */
  private void readCommands() throws IOException {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String command = line.trim();
      if (command.equals("STOP")) {
        log.info("STOP received");
        stop();
        return;
      } else if (command.equals("SESSION")) {
        reportSession();
      } else if (!command.isEmpty()) {
        log.warn("unknown command '{}'", command);
        events.error("unknown command '" + command + "'");
      }
    }
    log.info("standard input closed: stopping");
    stop();
  }

  /** The current session's id and password, for an expiry on the server. */
  private void reportSession() {
    try {
      ZooKeeper zk = session.curator().getZookeeperClient().getZooKeeper();
      ObjectNode event = events.create("session");
      event.put("sessionId", Long.toHexString(zk.getSessionId()));
      event.put("password", HexFormat.of().formatHex(zk.getSessionPasswd()));
      events.emit(event);
    } catch (Exception e) {
      log.warn("cannot read the session", e);
      events.error("cannot read the session: " + e);
    }
  }

  /**
   * Closes the session (member, election, {@link #finish}); returns at once if already stopping.
   */
  private void stop() {
    if (!stopping.compareAndSet(false, true)) {
      return;
    }
    try {
      long began = System.nanoTime();
      BatonSession s = session;
      if (s != null) {
        s.close();
      } else { // the session never started; the recipes neither
        finish();
      }
      log.info("worker {} closed in {} ms", args.id(), (System.nanoTime() - began) / 1_000_000);
    } finally {
      stoppedByCommand.countDown();
    }
  }

  /** The shutdown hook: if a STOP is closing the worker, waits for it (bounded). */
  private void awaitStop() {
    if (!stopping.get()) {
      return; // SIGTERM alone: the session's own hook closes everything
    }
    try {
      if (!stoppedByCommand.await(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("the worker did not finish closing within {}", STOP_WAIT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.warn("interrupted while waiting for the worker to close");
    }
  }

  /** After the roles closed: closes the connection pool and prints {@code stopped}. Once. */
  private void finish() {
    if (!finished.compareAndSet(false, true)) {
      return;
    }
    close("the connection pool", dataSource);
    events.emit(events.create("stopped"));
  }

  private void close(String what, AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      log.warn("closing {} failed", what, e);
      events.error("closing " + what + " failed: " + e);
    }
  }
}
