// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.LeaderElection;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stranger (an operator's script, another program) deletes the lease row or lowers its token.
 * Before, the next acquisition inserted a fresh row with token 1, or the same candidate took the
 * edited row back keeping the lowered token: tokens went down and were handed out twice (issue 29,
 * item 1). Tokens of successive terms must strictly increase whatever is done to the row.
 */
class LeaseStrangerTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  private static final String PATH = "/lease/stranger";

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void aDeletedRowNeitherLowersNorRepeatsAToken(LeaseDatabases db) throws Exception {
    db.withTerms(
        (table, backend, terms) -> {
          terms.candidate(backend, PATH, "a").start();
          terms.candidate(backend, PATH, "b").start();
          handOver(terms, 2);

          int before = terms.elected().size();
          stranger(db, "DELETE FROM " + table + " WHERE name = ?");
          await().atMost(WITHIN).until(() -> terms.elected().size() > before);
          handOver(terms, 2);

          // The deleted row is inserted again while its holder still acts, until its next renewal
          // is refused: two terms may overlap that long (as after a deleted leader znode on
          // ZooKeeper), and only the fence keeps the older one out. Their tokens must say which is
          // newer.
          assertStrictlyRisingAndUnique(
              terms, terms.violations().stream().filter(v -> !v.endsWith(" leads")).toList());
          assertThat(terms.events())
              .extracting(LeaseTerms.Event::reason)
              .contains(RevocationReason.LEASE_LOST);
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void aLoweredTokenIsNotTakenBackByItsHolder(LeaseDatabases db) throws Exception {
    db.withTerms(
        (table, backend, terms) -> {
          terms.candidate(backend, PATH, "a").start();
          handOver(terms, 2); // the same candidate again, with tokens 1, 2, 3 before the fix

          int before = terms.elected().size();
          stranger(db, "UPDATE " + table + " SET token = token - 1 WHERE name = ?");
          await().atMost(WITHIN).until(() -> terms.elected().size() > before);
          handOver(terms, 1);

          assertStrictlyRisingAndUnique(terms, terms.violations());
          assertThat(terms.events())
              .extracting(LeaseTerms.Event::reason)
              .contains(RevocationReason.LEASE_LOST);
        });
  }

  /** Waits for a leader, and {@code times} over makes it resign and waits for the next term. */
  private static void handOver(LeaseTerms terms, int times) {
    for (int i = 0; i < times; i++) {
      LeaderElection leader =
          await().atMost(WITHIN).until(terms::leaders, l -> l.size() == 1).get(0);
      int before = terms.elected().size();
      leader.resign();
      await().atMost(WITHIN).until(() -> terms.elected().size() > before);
    }
  }

  private static void stranger(LeaseDatabases db, String sql) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement p = c.prepareStatement(sql)) {
      p.setString(1, PATH);
      assertThat(p.executeUpdate()).isEqualTo(1);
    }
  }

  private static void assertStrictlyRisingAndUnique(LeaseTerms terms, List<String> violations) {
    List<Long> tokens = terms.elected().stream().map(e -> e.token().value()).toList();
    assertThat(violations).isEmpty();
    assertThat(tokens).doesNotHaveDuplicates().isSorted();
  }
}
