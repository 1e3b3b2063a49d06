// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.stale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;

/**
 * The seed's central danger, for real: leader A (a child JVM) takes its token, is paused with
 * SIGSTOP beyond its session timeout, B is elected and writes, A is resumed and writes with its old
 * token. The PostgreSQL, H2 and ZooKeeper fences each reject A's write, and nothing of it is
 * visible.
 */
class StaleLeaderTest {
  static final String PG_URL = PostgresFixture.url();
  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration WITHIN = Duration.ofSeconds(30);

  /** A listener for candidates whose terms the test reads from their handles. */
  static final LeadershipListener QUIET =
      new LeadershipListener() {
        @Override
        public void elected(Leadership leadership) {}

        @Override
        public void revoked(Leadership leadership, RevocationReason reason) {}
      };

  @Test
  void aLeaderPausedPastItsSessionIsRejectedByEveryFenceWhenItWakes() throws Exception {
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    String run = "stale_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 100000;
    String h2Url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + run + ";DB_CLOSE_DELAY=-1";
    String path = "/baton-test/" + run + "/leader";
    String zkBase = "/baton-test/" + run;
    try (TestingServer zk = ZooKeeperFixtures.startServer();
        BatonSession bSession =
            BatonSession.start(
                SessionConfig.builder(zk.getConnectString())
                    .sessionTimeout(Duration.ofSeconds(10))
                    .build())) {
      FencedStores stores = new FencedStores(PG_URL, h2Url, run, bSession.curator(), zkBase);
      stores.createSchema();
      try (ChildJvm a =
          ChildJvm.start(
              StaleWriterMain.class,
              zk.getConnectString(),
              path,
              "A",
              Long.toString(SESSION.toMillis()),
              PG_URL,
              h2Url,
              run,
              zkBase)) {
        String elected = a.awaitLine("ELECTED ", 0, Duration.ofSeconds(60));
        FencingToken aToken = FencingToken.parse(elected.substring("ELECTED ".length()));
        a.send("WRITE a1");
        a.awaitLine("DONE", 0, WITHIN);
        assertThat(results(a, 0)).containsOnly("ACCEPTED");

        a.pause(); // SIGSTOP: A still believes it leads
        try (LeaderElection b =
            LeaderElection.create(
                bSession, ElectionConfig.builder(path).participantId("B").build(), QUIET)) {
          b.start();
          Leadership bTerm = b.awaitLeadership(WITHIN).orElseThrow();
          assertThat(bTerm.token()).isGreaterThan(aToken);
          assertThat(stores.writeAll("b1", bTerm.token()))
              .containsOnly(
                  Map.entry("postgresql", "ACCEPTED"),
                  Map.entry("h2", "ACCEPTED"),
                  Map.entry("zookeeper", "ACCEPTED"));

          int seen = a.lines().size();
          a.resume(); // SIGCONT: A wakes up and writes with its old token at once
          a.send("WRITE a2");
          a.awaitLine("DONE", seen, WITHIN);
          List<String> outcomes = results(a, seen);
          assertThat(outcomes)
              .hasSize(3)
              .allSatisfy(
                  o ->
                      assertThat(o)
                          .startsWith("REJECTED StaleTokenException")
                          .contains(aToken.toString()));
          assertThat(stores.visible("a2"))
              .containsOnly(
                  Map.entry("postgresql", false),
                  Map.entry("h2", false),
                  Map.entry("zookeeper", false));
          assertThat(stores.visible("b1"))
              .containsOnly(
                  Map.entry("postgresql", true),
                  Map.entry("h2", true),
                  Map.entry("zookeeper", true));
        }
      } finally {
        stores.dropSchema();
      }
    } finally {
      h2.stop();
    }
  }

  private static List<String> results(ChildJvm child, int skip) {
    return child.lines().stream()
        .skip(skip)
        .filter(l -> l.startsWith("RESULT "))
        .map(l -> l.substring(l.indexOf(' ', "RESULT ".length()) + 1))
        .toList();
  }
}
