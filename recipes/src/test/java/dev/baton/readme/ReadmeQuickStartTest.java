// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperFixtures;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.test.TestingServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start and fenced write are the snippet files {@link QuickStartSnippet} and
 * {@link FencedWriteSnippet}, which compile as shown (imports included), and they run: the quick
 * start against a real ZooKeeper server, the fenced write on H2, where a stale token is refused.
 */
class ReadmeQuickStartTest {
  private static final String DIR = "recipes/src/test/java/dev/baton/readme/";

  @Test
  void theQuickStartInTheReadmeCompilesAsShownAndRuns() throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    QuickStartSnippet snippet =
        new QuickStartSnippet() {
          @Override
          protected void startScheduler(Leadership leadership) {
            log.add("scheduling with " + leadership.token());
          }

          @Override
          protected void stopScheduler() {
            log.add("stopped");
          }
        };
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      snippet.run(server.getConnectString());
    }
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).startsWith("scheduling with ft:");
    assertThat(log.get(1)).isEqualTo("stopped");
    ReadmeSnippets.assertInReadme(DIR + "QuickStartSnippet.java");
  }

  @Test
  void anInterruptedWaitIsRestoredAndTheElectionClosed() throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    QuickStartSnippet snippet =
        new QuickStartSnippet() {
          @Override
          protected void startScheduler(Leadership leadership) {
            log.add("scheduling");
          }

          @Override
          protected void stopScheduler() {
            log.add("stopped");
          }
        };
    String path = "/services/billing/scheduler-leader";
    try (TestingServer server = ZooKeeperFixtures.startServer();
        BatonSession holderSession =
            BatonSession.start(SessionConfig.builder(server.getConnectString()).build());
        LeaderElection holder =
            LeaderElection.create(
                holderSession,
                ElectionConfig.builder(path).participantId("holder").build(),
                new LeadershipListener() {
                  @Override
                  public void elected(Leadership leadership) {}

                  @Override
                  public void revoked(Leadership leadership, RevocationReason reason) {}
                })) {
      holder.start();
      assertThat(holder.awaitLeadership(Duration.ofSeconds(10))).isPresent();
      Thread reader = Thread.currentThread();
      Thread interrupter =
          new Thread(
              () -> {
                // The snippet's candidate queues behind the holder; then its wait is interrupted.
                await()
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> holder.participants().size() == 2);
                reader.interrupt();
              });
      interrupter.start();
      snippet.run(server.getConnectString());
      assertThat(Thread.interrupted()).as("the snippet restores the interrupt").isTrue();
      interrupter.join();
      assertThat(holder.participants())
          .extracting(p -> p.participantId())
          .containsExactly("holder");
    }
    assertThat(log).isEmpty();
  }

  @Test
  void theFencedWriteInTheReadmeCompilesAsShownAndRejectsAStaleToken() throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme;DB_CLOSE_DELAY=-1");
    try (Connection c = h2.getConnection();
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE billing_runs (run_date DATE, token BIGINT)");
    }
    FencedWriteSnippet.run(h2, term(42)); // also creates the fence table
    assertThatThrownBy(() -> FencedWriteSnippet.run(h2, term(41)))
        .isInstanceOf(StaleTokenException.class);
    try (Connection c = h2.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT token FROM billing_runs")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(42);
      assertThat(rs.next()).isFalse();
    }
    ReadmeSnippets.assertInReadme(DIR + "FencedWriteSnippet.java");
  }

  private static Leadership term(long token) {
    return new HeldLeadership("p", FencingToken.of("/billing/leader", token), "/billing/leader/n");
  }
}
