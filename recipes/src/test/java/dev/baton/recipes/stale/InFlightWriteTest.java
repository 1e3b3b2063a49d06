// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.stale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZooKeeperFixtures;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * A leader's database write is in flight when it resigns: a TCP proxy in front of PostgreSQL holds
 * the write's statements until the new leader has written. When they arrive, the fence rejects them
 * and nothing of the old term's write is visible.
 */
class InFlightWriteTest {
  private static final Duration WITHIN = Duration.ofSeconds(30);
  private static final LeadershipListener QUIET = StaleLeaderTest.QUIET;

  @Test
  void aWriteDelayedPastTheHandoverIsRejected() throws Exception {
    String table = "inflight_" + ProcessHandle.current().pid();
    DataSource direct = PostgresFixture.dataSource();
    SqlFenceSchema.create(direct, table + "_fence");
    try (Connection c = direct.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + table + "_writes (label VARCHAR(64) PRIMARY KEY)");
    }
    SqlFence fence = SqlFence.create(direct, table + "_fence", null);
    String path = "/baton-test/" + table;
    URI pg = URI.create(StaleLeaderTest.PG_URL.substring("jdbc:".length()));
    try (TestingServer zk = ZooKeeperFixtures.startServer();
        TcpProxy proxy = TcpProxy.start(pg.getHost(), pg.getPort());
        BatonSession sa = BatonSession.start(SessionConfig.builder(zk.getConnectString()).build());
        BatonSession sb = BatonSession.start(SessionConfig.builder(zk.getConnectString()).build());
        LeaderElection a =
            LeaderElection.create(
                sa, ElectionConfig.builder(path).participantId("A").build(), QUIET);
        LeaderElection b =
            LeaderElection.create(
                sb, ElectionConfig.builder(path).participantId("B").build(), QUIET)) {
      a.start();
      Leadership aTerm = a.awaitLeadership(WITHIN).orElseThrow();
      b.start();
      String viaProxy =
          StaleLeaderTest.PG_URL.replace(
              pg.getHost() + ":" + pg.getPort(), "127.0.0.1:" + proxy.port());
      Connection aConnection = DriverManager.getConnection(viaProxy);
      aConnection.setAutoCommit(false);
      fence.write("ledger", aTerm.token(), c -> insert(c, table, "a-registered"));

      proxy.hold(); // A's next statements leave A but do not reach the database yet
      CompletableFuture<Void> aWrite =
          CompletableFuture.runAsync(
              () -> {
                try (aConnection) {
                  fence.acceptInTransaction(aConnection, "ledger", aTerm.token());
                  insert(aConnection, table, "a-late");
                  aConnection.commit();
                } catch (StaleTokenException e) {
                  rollback(aConnection);
                  throw e;
                } catch (Exception e) {
                  rollback(aConnection);
                  throw new IllegalStateException(e);
                }
              });
      a.resign(); // leadership moves while A's write is in flight
      Leadership bTerm = b.awaitLeadership(WITHIN).orElseThrow();
      fence.write("ledger", bTerm.token(), c -> insert(c, table, "b-wrote"));
      proxy.heal(); // A's write arrives after B's

      assertThatThrownBy(() -> aWrite.get(30, TimeUnit.SECONDS))
          .hasCauseInstanceOf(StaleTokenException.class);
      assertThat(labels(direct, table)).containsExactlyInAnyOrder("a-registered", "b-wrote");
      assertThat(fence.highest("ledger")).contains(bTerm.token());
    } finally {
      SqlTables.drop(direct, table + "_writes", table + "_fence");
    }
  }

  private static Void insert(Connection c, String table, String label) throws Exception {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO " + table + "_writes VALUES (?)")) {
      p.setString(1, label);
      p.executeUpdate();
    }
    return null;
  }

  private static void rollback(Connection c) {
    try {
      c.rollback();
    } catch (Exception ignored) {
      // the connection may already be closed; nothing was committed
    }
  }

  private static java.util.List<String> labels(DataSource ds, String table) throws Exception {
    java.util.List<String> labels = new java.util.ArrayList<>();
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT label FROM " + table + "_writes")) {
      while (rs.next()) {
        labels.add(rs.getString(1));
      }
    }
    return labels;
  }
}
