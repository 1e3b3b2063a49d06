// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.TestListeners;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lease table made by an earlier version (tokens counted in the rows, a holder column of 255
 * characters, no token sequence): refused with the statements to run when the backend may not
 * change it, upgraded when it may, and in either case the tokens continue above the highest one the
 * table gave. A sequence set below that token (reset by hand) is refused at start.
 */
class LeaseMigrationTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  private static final String PATH = "/lease/migrated";

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void aTableOfAnEarlierVersionIsRefusedWithTheStatementsOrUpgraded(LeaseDatabases db)
      throws Exception {
    String table = LeaseDatabases.table();
    try {
      execute(
          db,
          "CREATE TABLE "
              + table
              + " (name VARCHAR(512) NOT NULL PRIMARY KEY, holder VARCHAR(255), token BIGINT NOT"
              + " NULL, expires_at TIMESTAMP WITH TIME ZONE NOT NULL, acquired_at TIMESTAMP WITH"
              + " TIME ZONE, renewed_at TIMESTAMP WITH TIME ZONE)",
          "INSERT INTO "
              + table
              + " (name, holder, token, expires_at) VALUES ('"
              + PATH
              + "', NULL, 41, CURRENT_TIMESTAMP)");

      LeaseConfig checkOnly = LeaseDatabases.quick(table).createTable(false).build();
      assertThatThrownBy(() -> LeaseBackend.create(db.dataSource(), checkOnly))
          .isInstanceOfSatisfying(
              LeaseTableException.class, e -> assertThat(e.table()).isEqualTo(table))
          .hasMessageContaining(
              "ALTER TABLE " + table + " ALTER COLUMN holder SET DATA TYPE VARCHAR(512)")
          .hasMessageContaining("CREATE SEQUENCE IF NOT EXISTS " + table + "_tokens START WITH 42");

      LeaseBackend upgraded =
          LeaseBackend.create(db.dataSource(), LeaseDatabases.quick(table).build());
      LeaseBackend.create(db.dataSource(), checkOnly); // now well-formed
      String longest = "x".repeat(256);
      try (LeaderElection e =
          LeaderElection.create(
              upgraded,
              ElectionConfig.builder(PATH).participantId(longest).build(),
              TestListeners.quiet())) {
        e.start();
        Leadership term = e.awaitLeadership(WITHIN).orElseThrow();
        assertThat(term.token().value()).isEqualTo(42);
        assertThat(e.currentLeader().orElseThrow().participantId()).isEqualTo(longest);
      }
      // a restart after the sequence gave a token finds it above the table's highest token
      LeaseBackend.create(db.dataSource(), checkOnly);
    } finally {
      db.drop(table);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void aSequenceSetBelowTheTableIsRefusedAtStart(LeaseDatabases db) throws Exception {
    String table = LeaseDatabases.table();
    try {
      LeaseBackend backend =
          LeaseBackend.create(db.dataSource(), LeaseDatabases.quick(table).build());
      try (LeaderElection e =
          LeaderElection.create(
              backend,
              ElectionConfig.builder(PATH).participantId("a").build(),
              TestListeners.quiet())) {
        e.start();
        assertThat(e.awaitLeadership(WITHIN)).isPresent();
      }
      execute(db, "ALTER SEQUENCE " + table + "_tokens RESTART WITH 1");

      for (boolean create : new boolean[] {true, false}) {
        LeaseConfig config = LeaseDatabases.quick(table).createTable(create).build();
        assertThatThrownBy(() -> LeaseBackend.create(db.dataSource(), config))
            .isInstanceOf(LeaseTableException.class)
            .hasMessageContaining("tokens would be handed out again")
            .hasMessageContaining("ALTER SEQUENCE " + table + "_tokens RESTART WITH 2");
      }
    } finally {
      db.drop(table);
    }
  }

  private static void execute(LeaseDatabases db, String... statements) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }
}
