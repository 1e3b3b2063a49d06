// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import static dev.baton.bench.chaos.client.ChaosTestEnv.awaitEvent;
import static dev.baton.bench.chaos.client.ChaosTestEnv.events;
import static dev.baton.bench.chaos.client.ChaosTestEnv.outcome;
import static dev.baton.bench.chaos.client.ElectionStaleLeaderTest.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperFixtures;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** The partition, lock and scheduler roles with two clients each: both own something and write. */
class PartitionAndLockClientTest {
  @AutoClose private final ChaosTestEnv env = new ChaosTestEnv();

  @Test
  void twoPartitionMembersShareThePartitionsAndWrite() throws Exception {
    String[] common = {
      "--role=partition",
      "--path=/chaos/partition",
      "--session-ms=3000",
      "--fence=sql",
      "--partitions=4"
    };
    ChildJvm c1 = env.client(with(common, "--id=c1"));
    ChildJvm c2 = env.client(with(common, "--id=c2"));
    awaitEvent(c1, "WRITE", outcome("ACCEPTED"));
    awaitEvent(c2, "WRITE", outcome("ACCEPTED"));
    ChaosTestEnv.stop(c2);
    ChaosTestEnv.stop(c1);

    Set<String> resources = new TreeSet<>();
    for (ChildJvm c : List.of(c1, c2)) {
      events(c, "WRITE").forEach(e -> resources.add(e.get("resource")));
      assertThat(events(c, "ASSIGNED"))
          .isNotEmpty()
          .allSatisfy( // when the term began, on the events' clock: before its line was printed
              e ->
                  assertThat(e.number("began_at"))
                      .isBetween(e.number("at") - 5_000_000_000L, e.number("at")));
      assertThat(events(c, "RELEASED")).hasSameSizeAs(events(c, "ASSIGNED"));
    }
    assertThat(resources).isSubsetOf("p0", "p1", "p2", "p3").isNotEmpty();
    for (String r : resources) {
      List<Long> tokens = env.writtenTokens(r);
      assertThat(ChaosTestEnv.nonDecreasing(tokens)).as("%s: %s", r, tokens).isTrue();
    }
  }

  @Test
  void twoLockClientsTakeTurnsAndWriteThroughTheZooKeeperFence() throws Exception {
    String[] common = {"--role=lock", "--path=/chaos/lock", "--session-ms=3000", "--fence=zk"};
    ChildJvm c1 = env.client(with(common, "--id=c1"));
    ChildJvm c2 = env.client(with(common, "--id=c2"));
    awaitEvent(c1, "WRITE", outcome("ACCEPTED"));
    awaitEvent(c2, "WRITE", outcome("ACCEPTED"));
    awaitEvent(c1, "UNLOCKED", e -> true);
    ChaosTestEnv.stop(c1);
    assertThat(c2.terminate()).as("SIGTERM: shutdown hook, then exit 143").isEqualTo(143);
    assertThat(events(c2, "STOPPED")).hasSize(1);
    for (ChildJvm c : List.of(c1, c2)) {
      assertThat(events(c, "LOCKED")).isNotEmpty().hasSameSizeAs(events(c, "UNLOCKED"));
      assertThat(events(c, "WRITE"))
          .allSatisfy(e -> assertThat(e.get("resource")).isEqualTo("lock"));
    }

    try (CuratorFramework zk =
        ZooKeeperFixtures.newClient(env.zk.getConnectString(), Duration.ofSeconds(10))) {
      String parent = ProtectedWriter.writesPath("/chaos/lock", LockRole.RESOURCE);
      List<String> children = new ArrayList<>(zk.getChildren().forPath(parent));
      children.sort(null); // w-<10-digit sequence>: name order is commit order
      List<Long> tokens = new ArrayList<>();
      Set<String> writers = new TreeSet<>();
      for (String child : children) {
        String[] data =
            new String(zk.getData().forPath(parent + "/" + child), StandardCharsets.UTF_8)
                .split(",");
        writers.add(data[0]);
        tokens.add(Long.parseLong(data[1]));
      }
      long accepted =
          events(c1, "WRITE").stream().filter(outcome("ACCEPTED")::test).count()
              + events(c2, "WRITE").stream().filter(outcome("ACCEPTED")::test).count();
      assertThat(tokens).hasSize((int) accepted);
      assertThat(writers).containsExactly("c1", "c2");
      assertThat(ChaosTestEnv.nonDecreasing(tokens)).as("tokens %s", tokens).isTrue();
    }
  }

  @Test
  void aSchedulerClientCreatesJobsAndReportsThemAsWrites() throws Exception {
    String[] common = {"--role=scheduler", "--path=/chaos/scheduler", "--session-ms=3000"};
    ChildJvm c1 = env.client(with(common, "--id=c1"));
    ChildJvm c2 = env.client(with(common, "--id=c2"));
    awaitEvent(c1, "READY", e -> true);
    awaitEvent(c2, "READY", e -> true);
    await()
        .atMost(ChaosTestEnv.WAIT)
        .until(() -> events(c1, "WRITE").size() + events(c2, "WRITE").size() >= 3);
    ChaosTestEnv.stop(c1);
    ChaosTestEnv.stop(c2);
    List<Event> elected = new ArrayList<>(events(c1, "ELECTED"));
    elected.addAll(events(c2, "ELECTED"));
    assertThat(elected).isNotEmpty();
    try (Connection c = DriverManager.getConnection(env.jdbc);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT COUNT(*), COUNT(DISTINCT schedule_key) FROM chaos_jobs"
                    + " WHERE schedule = '"
                    + SchedulerRole.scheduleName("/chaos/scheduler")
                    + "'")) {
      rs.next();
      assertThat(rs.getLong(1)).isGreaterThanOrEqualTo(3).isEqualTo(rs.getLong(2));
    }
  }
}
