// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import static org.awaitility.Awaitility.await;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperFixtures;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.curator.test.TestingServer;
import org.h2.tools.Server;

/**
 * A ZooKeeper server, an H2 TCP server and the chaos clients started against them, for the tests.
 */
final class ChaosTestEnv implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(30);

  final TestingServer zk;
  final Server h2;
  final String jdbc;
  private final List<ChildJvm> children = new ArrayList<>();

  ChaosTestEnv() {
    this.zk = ZooKeeperFixtures.startServer();
    try {
      this.h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot start the H2 server", e);
    }
    this.jdbc = "jdbc:h2:tcp://localhost:" + h2.getPort() + "/mem:chaos;DB_CLOSE_DELAY=-1";
  }

  /** Starts a client with the common arguments (connect, jdbc) plus {@code args}. */
  ChildJvm client(String... args) {
    List<String> all = new ArrayList<>();
    all.add("--connect=" + zk.getConnectString());
    all.add("--jdbc=" + jdbc);
    all.addAll(List.of(args));
    ChildJvm child =
        ChildJvm.builder(ChaosClientMain.class)
            .jvmOptions(ChaosClient.JVM_OPTIONS)
            .args(all.toArray(String[]::new))
            .start();
    children.add(child);
    return child;
  }

  static List<Event> events(ChildJvm child) {
    return ChaosProtocol.parseAll(child.lines());
  }

  static List<Event> events(ChildJvm child, String kind) {
    return events(child).stream().filter(e -> e.kind().equals(kind)).toList();
  }

  static boolean has(ChildJvm child, String kind, Predicate<Event> match) {
    return events(child).stream().anyMatch(e -> e.kind().equals(kind) && match.test(e));
  }

  static long count(ChildJvm child, String kind, Predicate<Event> match) {
    return events(child).stream().filter(e -> e.kind().equals(kind) && match.test(e)).count();
  }

  static Predicate<Event> outcome(String outcome) {
    return e -> outcome.equals(e.fields().get("outcome"));
  }

  static void awaitEvent(ChildJvm child, String kind, Predicate<Event> match) {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              if (!child.isAlive() && !has(child, kind, match)) {
                throw new IllegalStateException(child + " ended; output: " + child.lines());
              }
              return has(child, kind, match);
            });
  }

  /** Sends STOP and waits for STOPPED and exit code 0. */
  static void stop(ChildJvm child) {
    child.send("STOP");
    await().atMost(WAIT).until(() -> !child.isAlive());
    if (child.exitCode().orElse(-1) != 0 || !has(child, "STOPPED", e -> true)) {
      throw new AssertionError(
          child + " exited with " + child.exitCode() + ", output " + child.lines());
    }
  }

  /** The tokens of {@code resource} in chaos_writes, in commit (id) order. */
  List<Long> writtenTokens(String resource) throws SQLException {
    List<Long> tokens = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(jdbc);
        PreparedStatement p =
            c.prepareStatement(
                "SELECT token FROM "
                    + ChaosProtocol.WRITES_TABLE
                    + " WHERE resource = ? ORDER BY id")) {
      p.setString(1, resource);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          tokens.add(rs.getLong(1));
        }
      }
    }
    return tokens;
  }

  static boolean nonDecreasing(List<Long> values) {
    for (int i = 1; i < values.size(); i++) {
      if (values.get(i) < values.get(i - 1)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() throws IOException {
    for (ChildJvm c : children) {
      System.out.println("--- " + c + " (pid " + c.pid() + ")");
      c.lines().forEach(System.out::println);
    }
    children.forEach(ChildJvm::close);
    h2.stop();
    zk.close();
  }
}
