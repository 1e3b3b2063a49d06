// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperFixtures;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start compiles and runs: the code between the README markers below is the
 * same, line for line, as the README's first java block, and it runs against a real ZooKeeper
 * server.
 */
class ReadmeQuickStartTest {
  private static final String SOURCE =
      "recipes/src/test/java/dev/baton/recipes/ReadmeQuickStartTest.java";
  private final List<String> log = new CopyOnWriteArrayList<>();

  private void startScheduler(Leadership leadership) {
    log.add("scheduling with " + leadership.token());
  }

  private void stopScheduler() {
    log.add("stopped");
  }

  private void quickStart(String connectString) throws InterruptedException {
    // README:begin
    try (BatonSession session = BatonSession.start(
            SessionConfig.builder(connectString).sessionTimeout(Duration.ofSeconds(15)).build());
        LeaderElection election = LeaderElection.create(session,
            ElectionConfig.builder("/services/billing/scheduler-leader")
                .participantId("billing-7")
                .build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                // Runs on the election's own thread. Pass the token to every protected write.
                System.out.println("leading with " + leadership.token());
                startScheduler(leadership);
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                System.out.println("stopped leading: " + reason);
                stopScheduler();
              }
            })) {
      election.start();
      election.awaitLeadership(Duration.ofSeconds(30))
          .ifPresent(l -> System.out.println("leader " + l.participantId() + ", token " + l.token()));
    }
    // README:end
  }

  private void fencedWrite(javax.sql.DataSource dataSource, Leadership leadership) {
    // README:begin
    SqlFence fence = SqlFence.create(dataSource); // table baton_fence, see SqlFenceSchema
    fence.write("billing-run", leadership.token(), connection -> {
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO billing_runs (run_date, token) VALUES (?, ?)")) {
        insert.setObject(1, LocalDate.now());
        insert.setLong(2, leadership.token().value());
        insert.executeUpdate();
      }
      return null; // commits with the fence, or not at all
    });
    // README:end
  }

  @Test
  void theFencedWriteInTheReadmeIsThisCodeAndRejectsAStaleToken() throws Exception {
    org.h2.jdbcx.JdbcDataSource h2 = new org.h2.jdbcx.JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme;DB_CLOSE_DELAY=-1");
    SqlFenceSchema.create(h2, SqlFenceSchema.DEFAULT_TABLE);
    try (java.sql.Connection c = h2.getConnection();
        java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE billing_runs (run_date DATE, token BIGINT)");
    }
    fencedWrite(h2, term(42));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> fencedWrite(h2, term(41)))
        .isInstanceOf(dev.baton.fencing.StaleTokenException.class);
    try (java.sql.Connection c = h2.getConnection();
        java.sql.Statement st = c.createStatement();
        java.sql.ResultSet rs = st.executeQuery("SELECT token FROM billing_runs")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(42);
      assertThat(rs.next()).isFalse();
    }
    assertThat(ReadmeSnippets.javaBlock(1)).isEqualTo(ReadmeSnippets.markedRegion(SOURCE, 1));
  }

  private static Leadership term(long token) {
    dev.baton.fencing.FencingToken t = dev.baton.fencing.FencingToken.of("/billing/leader", token);
    return new dev.baton.recipes.election.internal.LeadershipHandle(
        "p", t, "/billing/leader/n", java.time.Instant.EPOCH);
  }

  @Test
  void theQuickStartInTheReadmeIsThisCodeAndRuns() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      quickStart(server.getConnectString());
    }
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).startsWith("scheduling with ft:");
    assertThat(log.get(1)).isEqualTo("stopped");
    assertThat(ReadmeSnippets.javaBlock(0)).isEqualTo(ReadmeSnippets.markedRegion(SOURCE, 0));
  }
}
