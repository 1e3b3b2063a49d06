// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.SqlTables;
import dev.baton.testkit.ZooKeeperFixtures;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The README's first code, {@link FencedLeaderSnippet}, compiles as shown and runs: against a real
 * ZooKeeper server and H2 its leader writes once, through the fence, with its term's token.
 */
class ReadmeFencedLeaderTest {
  @Test
  void theLeaderWritesThroughTheFenceWithItsToken() throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme_fenced_leader;DB_CLOSE_DELAY=-1");
    try (Connection c = h2.getConnection();
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE billing_runs (token BIGINT NOT NULL)");
    }
    SqlFenceSchema.create(h2);
    FencedLeaderSnippet snippet =
        new FencedLeaderSnippet() {
          @Override
          protected void runUntilShutdown() {
            await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> !tokens(h2, "billing_runs").isEmpty());
          }
        };
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      snippet.run(server.getConnectString(), h2);
      List<Long> written = tokens(h2, "billing_runs");
      assertThat(written).hasSize(1);
      assertThat(written.get(0)).isPositive();
      assertThat(tokens(h2, "baton_fence")).as("the fence's highest token").isEqualTo(written);
    } finally {
      SqlTables.drop(h2, "billing_runs", "baton_fence");
    }
    ReadmeSnippets.assertInReadme(
        "recipes/src/test/java/dev/baton/readme/FencedLeaderSnippet.java");
  }

  private static List<Long> tokens(JdbcDataSource db, String table) throws SQLException {
    String column = table.equals("baton_fence") ? "highest_token" : "token";
    List<Long> out = new ArrayList<>();
    try (Connection c = db.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT " + column + " FROM " + table)) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
  }
}
