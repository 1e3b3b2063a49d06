// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperFixtures;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.curator.test.TestingServer;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;

/**
 * Two workers in their own JVMs against a real ZooKeeper server and an H2 TCP server: one leads and
 * creates jobs, both process partitions. The leader is paused (SIGSTOP) right after a job, while it
 * prepares the next one, for longer than its session: the other worker is elected with a higher
 * token; the old leader, resumed, writes its job with its stale token and the fence rejects it.
 * Both stop on STOP with exit code 0, every accepted event is in the database, and each partition's
 * results cover its offsets exactly once.
 */
class WorkerProcessTest {
  private static final Duration WITHIN = Duration.ofSeconds(60);
  private static final Duration POLL = Duration.ofMillis(10);
  private static final int PARTITIONS = 6;

  @Test
  void aPausedLeaderIsFencedAndEveryOffsetHasExactlyOneResult() throws Exception {
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start(); // loopback only
    String jdbc =
        "jdbc:h2:tcp://127.0.0.1:"
            + h2.getPort()
            + "/mem:worker_"
            + ProcessHandle.current().pid()
            + ";DB_CLOSE_DELAY=-1";
    try (TestingServer zk = ZooKeeperFixtures.startServer();
        ChildJvm w1 = worker("w1", zk.getConnectString(), jdbc);
        ChildJvm w2 = worker("w2", zk.getConnectString(), jdbc)) {
      List<ChildJvm> both = List.of(w1, w2);
      for (ChildJvm w : both) {
        awaitEvent(w, 0, "ready");
      }
      await()
          .atMost(WITHIN)
          .pollInterval(POLL)
          .until(() -> both.stream().anyMatch(w -> has(w, 0, "elected")));
      ChildJvm leader = has(w1, 0, "elected") ? w1 : w2;
      ChildJvm other = leader == w1 ? w2 : w1;
      long firstToken = events(leader, 0, "elected").get(0).get("tokenValue").asLong();
      awaitCount(leader, "job", 3);
      assertThat(events(other, 0, "elected")).as("a second leader").isEmpty();
      assertThat(events(leader, 0, "elected")).hasSize(1);
      assertThat(events(leader, 0, "job"))
          .allSatisfy(j -> assertThat(j.get("tokenValue").asLong()).isEqualTo(firstToken));

      await()
          .atMost(WITHIN)
          .pollInterval(POLL)
          .until(() -> assignedPartitions(both).size() == PARTITIONS);
      assertThat(assignedPartitions(both))
          .containsExactlyElementsOf(IntStream.range(0, PARTITIONS).boxed().toList());
      for (ChildJvm w : both) {
        awaitEvent(w, 0, "result");
      }

      for (ChildJvm w : both) {
        assertThat(events(w, 0, "error")).as("errors of " + w + " before the pause").isEmpty();
      }

      // Pause the leader right after a job: it is preparing the next one, with its token captured.
      // (Errors are possible from here on: if the pause catches one of its partitions inside the
      // fenced
      // transaction, the successor's first write of that partition waits for the row lock and times
      // out
      // until the paused worker resumes and commits.)
      int jobs = events(leader, 0, "job").size();
      await().atMost(WITHIN).pollInterval(POLL).until(() -> events(leader, 0, "job").size() > jobs);
      leader.pause();
      int otherSeen = other.lines().size();
      await()
          .atMost(WITHIN)
          .pollInterval(POLL)
          .until(
              () ->
                  events(other, otherSeen, "job").stream()
                      .anyMatch(j -> j.get("tokenValue").asLong() > firstToken));
      long secondToken = events(other, otherSeen, "elected").get(0).get("tokenValue").asLong();
      assertThat(secondToken).isGreaterThan(firstToken);

      int leaderSeen = leader.lines().size();
      leader.resume();
      JsonNode rejected =
          awaitEvent(leader, leaderSeen, "rejected", e -> e.get("what").asText().equals("job"));
      assertThat(rejected.get("presentedValue").asLong()).isEqualTo(firstToken);
      assertThat(rejected.get("currentValue").asLong()).isGreaterThanOrEqualTo(secondToken);
      assertThat(rejected.get("resource").asText()).startsWith("schedule:");
      assertThat(rejected.get("presented").asText()).startsWith("ft:" + firstToken + "@");
      awaitEvent(leader, leaderSeen, "revoked");
      // The old leader rejoins the group under a new session and gets partitions back.
      awaitEvent(leader, leaderSeen, "assigned");
      awaitEvent(leader, leaderSeen, "result");

      for (ChildJvm w : both) {
        w.send("STOP");
      }
      for (ChildJvm w : both) {
        await().atMost(WITHIN).pollInterval(POLL).until(() -> w.exitCode().isPresent());
        assertThat(w.exitCode()).as(w + " exit code").hasValue(0);
        assertThat(events(w, 0, "stopped")).hasSize(1);
        assertThat(w.lines())
            .as("stdout carries only events")
            .allMatch(l -> WorkerEvent.parse(l).isPresent());
      }
      assertTheDatabaseMatches(jdbc, both);
    } finally {
      h2.stop();
    }
  }

  @Test
  void answersSessionAndClosesGracefullyOnSigterm() throws Exception {
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    String jdbc =
        "jdbc:h2:tcp://127.0.0.1:"
            + h2.getPort()
            + "/mem:sigterm_"
            + ProcessHandle.current().pid()
            + ";DB_CLOSE_DELAY=-1";
    try (TestingServer zk = ZooKeeperFixtures.startServer();
        ChildJvm w = worker("solo", zk.getConnectString(), jdbc)) {
      JsonNode ready = awaitEvent(w, 0, "ready");
      awaitEvent(w, 0, "job");
      awaitEvent(w, 0, "result");

      w.send("SESSION");
      JsonNode session = awaitEvent(w, 0, "session");
      assertThat(session.get("sessionId").asText()).isEqualTo(ready.get("sessionId").asText());
      assertThat(session.get("password").asText()).matches("[0-9a-f]{32}");

      // Process.destroy (in terminate) sends SIGTERM and closes standard input: both ask to stop at
      // once.
      assertThat(w.terminate()).as("exit code after SIGTERM").isEqualTo(143);
      List<String> types =
          w.lines().stream()
              .map(WorkerEvent::parse)
              .flatMap(Optional::stream)
              .map(e -> e.get("event").asText())
              .filter(t -> !t.equals("result") && !t.equals("job"))
              .toList();
      // Closed in order: the member (its partitions drain, then are released), the election, the
      // rest.
      assertThat(types.subList(types.size() - PARTITIONS - 2, types.size()))
          .as("the last events")
          .containsExactlyElementsOf(
              Stream.concat(
                      Collections.nCopies(PARTITIONS, "released").stream(),
                      Stream.of("revoked", "stopped"))
                  .toList());
      assertThat(types).doesNotContain("error");
      assertThat(events(w, 0, "revoked").get(0).get("reason").asText()).isEqualTo("CLOSED");
      assertThat(events(w, 0, "released"))
          .allSatisfy(e -> assertThat(e.get("reason").asText()).isEqualTo("CLOSED"));
    } finally {
      h2.stop();
    }
  }

  @Test
  void aBadCommandLineExitsWithCode2() {
    try (ChildJvm w =
        ChildJvm.start(WorkerMain.class, "--id", "w1", "--zookeeper", "127.0.0.1:1")) {
      await().atMost(WITHIN).pollInterval(POLL).until(() -> w.exitCode().isPresent());
      assertThat(w.exitCode()).hasValue(2);
      assertThat(w.lines()).isEmpty();
    }
  }

  private static ChildJvm worker(String id, String zookeeper, String jdbc) {
    return ChildJvm.builder(WorkerMain.class)
        .args(
            "--id",
            id,
            "--zookeeper",
            zookeeper,
            "--jdbc",
            jdbc,
            "--partitions",
            Integer.toString(PARTITIONS),
            "--session-timeout-ms",
            "2500",
            "--election",
            "/worker-test/scheduler",
            "--group",
            "/worker-test/stream")
        .start();
  }

  /**
   * Results: per partition the offsets 0..n-1, each once, n = the committed offset; the events
   * agree.
   */
  private static void assertTheDatabaseMatches(String jdbc, List<ChildJvm> workers)
      throws SQLException {
    Map<Integer, List<Long>> offsets = new HashMap<>();
    Map<Integer, Long> committed = new HashMap<>();
    List<Long> slots = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(jdbc);
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT partition_id, event_offset FROM "
                  + DemoTables.RESULTS
                  + " ORDER BY partition_id, event_offset")) {
        while (rs.next()) {
          offsets.computeIfAbsent(rs.getInt(1), p -> new ArrayList<>()).add(rs.getLong(2));
        }
      }
      try (ResultSet rs =
          s.executeQuery("SELECT partition_id, next_offset FROM " + DemoTables.OFFSETS)) {
        while (rs.next()) {
          committed.put(rs.getInt(1), rs.getLong(2));
        }
      }
      try (ResultSet rs =
          s.executeQuery("SELECT slot FROM " + DemoTables.JOBS + " ORDER BY slot")) {
        while (rs.next()) {
          slots.add(rs.getLong(1));
        }
      }
    }
    assertThat(offsets.keySet())
        .containsExactlyInAnyOrderElementsOf(IntStream.range(0, PARTITIONS).boxed().toList());
    offsets.forEach(
        (p, list) -> {
          assertThat(list)
              .as("offsets of partition %d", p)
              .containsExactlyElementsOf(range(list.size()));
          assertThat(committed.get(p))
              .as("committed offset of partition %d", p)
              .isEqualTo(list.size());
        });
    assertThat(slots).as("job slots").containsExactlyElementsOf(range(slots.size()));
    long resultEvents = workers.stream().mapToLong(w -> events(w, 0, "result").size()).sum();
    long jobEvents = workers.stream().mapToLong(w -> events(w, 0, "job").size()).sum();
    assertThat(offsets.values().stream().mapToLong(List::size).sum())
        .as("results")
        .isEqualTo(resultEvents);
    assertThat((long) slots.size()).as("jobs").isEqualTo(jobEvents);
  }

  /** 0, 1, ..., n-1. */
  private static List<Long> range(long n) {
    return LongStream.range(0, n).boxed().toList();
  }

  private static Set<Integer> assignedPartitions(List<ChildJvm> workers) {
    return workers.stream()
        .flatMap(w -> events(w, 0, "assigned").stream())
        .map(e -> e.get("partition").asInt())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<JsonNode> events(ChildJvm w, int skip, String type) {
    return w.lines().stream()
        .skip(skip)
        .map(WorkerEvent::parse)
        .flatMap(Optional::stream)
        .filter(e -> e.get("event").asText().equals(type))
        .toList();
  }

  private static boolean has(ChildJvm w, int skip, String type) {
    return !events(w, skip, type).isEmpty();
  }

  private static JsonNode awaitEvent(ChildJvm w, int skip, String type) {
    return awaitEvent(w, skip, type, e -> true);
  }

  private static JsonNode awaitEvent(ChildJvm w, int skip, String type, Predicate<JsonNode> match) {
    await()
        .atMost(WITHIN)
        .pollInterval(POLL)
        .until(
            () -> {
              if (!w.isAlive()) {
                throw new IllegalStateException(w + " ended; output: " + w.lines());
              }
              return events(w, skip, type).stream().anyMatch(match);
            });
    return events(w, skip, type).stream().filter(match).findFirst().orElseThrow();
  }

  private static void awaitCount(ChildJvm w, String type, int count) {
    await().atMost(WITHIN).pollInterval(POLL).until(() -> events(w, 0, type).size() >= count);
  }
}
