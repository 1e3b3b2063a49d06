// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionHealth;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The lease backend on a real connection pool smaller than the number of candidates, on the test's
 * PostgreSQL. Each candidate used to hold a connection of the pool for its LISTEN as long as it
 * ran: with two connections and four candidates the listeners held both, every acquisition and
 * renewal timed out waiting for a connection, the leader lost its term and nobody was elected
 * again.
 */
class LeasePoolTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);

  @Test
  void fourCandidatesOnAPoolOfTwoElectKeepAndHandOverTheirTerm() throws Exception {
    // Followers poll only every 30 s: a handover within 15 s is the release's notification.
    onPool(
        2,
        table -> lease(table).pollInterval(Duration.ofSeconds(30)).build(),
        (pool, backend, terms) -> {
          List<LeaderElection> candidates = new ArrayList<>();
          for (int i = 0; i < 4; i++) {
            candidates.add(terms.candidate(backend, "/lease/pool", "p" + i));
          }
          candidates.forEach(LeaderElection::start);
          LeaderElection first =
              await().atMost(WITHIN).until(terms::leaders, l -> l.size() == 1).get(0);
          Leadership term = first.leadership().orElseThrow();
          // ten renewals, each needing a connection of the pool
          await()
              .during(Duration.ofSeconds(5))
              .atMost(Duration.ofSeconds(8))
              .until(() -> first.isLeader() && first.leadership().orElseThrow() == term);
          assertThat(candidates).allMatch(c -> c.health().isHealthy(), "healthy");

          first.close();
          LeaderElection second =
              await()
                  .atMost(Duration.ofSeconds(15))
                  .until(terms::leaders, l -> l.size() == 1)
                  .get(0);
          assertThat(second).isNotSameAs(first);
          assertThat(second.leadership().orElseThrow().token().isNewerThan(term.token())).isTrue();
          assertThat(terms.violations()).isEmpty();
          assertThat(terms.events())
              .filteredOn(e -> e.kind().equals("revoked"))
              .extracting(LeaseTerms.Event::reason)
              .containsExactly(RevocationReason.CLOSED);
        });
  }

  /**
   * A pool of one connection: the shared listener alone would hold it for good and starve every
   * statement. When a statement fails while the listener holds a healthy connection, it gives the
   * connection back and stays away for a while, so the candidates elect and keep a leader by
   * polling, and health says why wake-ups are degraded.
   */
  @Test
  void onAPoolOfOneTheListenerGivesWayToTheStatements() throws Exception {
    onPool(
        1,
        table -> lease(table).build(),
        (pool, backend, terms) -> {
          LeaderElection a = terms.candidate(backend, "/lease/one", "a");
          LeaderElection b = terms.candidate(backend, "/lease/one", "b");
          a.start();
          b.start();
          // the listener takes the only connection whenever it can, until a statement fails for it
          await()
              .atMost(WITHIN)
              .until(
                  () ->
                      terms.leaders().size() == 1
                          && a.health().degraded().orElse("").contains("gave its connection back"));
          LeaderElection leader = terms.leaders().get(0);
          Leadership term = leader.leadership().orElseThrow();
          await()
              .during(Duration.ofSeconds(3))
              .atMost(Duration.ofSeconds(5))
              .until(() -> leader.isLeader() && leader.leadership().orElseThrow() == term);
          assertThat(leader.health().isHealthy()).isTrue();
          assertThat(leader.health().degraded())
              .hasValueSatisfying(
                  why -> assertThat(why).contains("no connection to spare", "listening again in"));
          assertThat(terms.violations()).isEmpty();
        });
  }

  /**
   * A pool with no connection to spare (the application holds the only one): the election is
   * unhealthy and says why, for its statements and for its wake-ups, instead of WARN lines alone.
   */
  @Test
  void anExhaustedPoolIsReportedInHealthWithTheReason() throws Exception {
    onPool(
        1,
        table -> LeaseDatabases.quick(table).build(),
        (pool, backend, terms) -> {
          try (Connection held = pool.getConnection()) {
            LeaderElection candidate = terms.candidate(backend, "/lease/exhausted", "starved");
            candidate.start();
            await()
                .atMost(WITHIN)
                .untilAsserted(
                    () -> {
                      ElectionHealth h = candidate.health();
                      assertThat(h.isHealthy()).isFalse();
                      assertThat(h.connected()).isFalse();
                      assertThat(h.degraded())
                          .hasValueSatisfying(
                              why ->
                                  assertThat(why)
                                      .contains("cannot acquire the lease of /lease/exhausted")
                                      .contains("Connection is not available")
                                      .contains("followers wake by polling alone"));
                    });
            assertThat(held.isValid(1)).isTrue();
          }
        });
  }

  /** What a test does on a pool, with a backend on it and the record of its candidates. */
  private interface PoolTest {
    void run(HikariDataSource pool, LeaseBackend backend, LeaseTerms terms) throws Exception;
  }

  /**
   * Runs {@code test} with a backend on a pool of {@code size} connections and a new table, with
   * the lease {@code lease} configures for that table; then closes the test's candidates, drops the
   * table and closes the pool.
   */
  private static void onPool(int size, Function<String, LeaseConfig> lease, PoolTest test)
      throws Exception {
    String table = LeaseDatabases.table();
    LeaseConfig config = lease.apply(table);
    LeaseTerms terms = new LeaseTerms();
    try (HikariDataSource pool = pool(size)) {
      LeaseBackend backend = LeaseBackend.create(pool, config);
      try {
        test.run(pool, backend, terms);
      } finally {
        terms.closeAll();
        SqlTables.drop(pool, table);
        SqlTables.dropSequences(pool, table + "_tokens");
      }
    }
  }

  /** The lease of the pool tests: 5 s, margin 1 s, renewed every 500 ms, within 2 s. */
  private static LeaseConfig.Builder lease(String table) {
    return LeaseDatabases.quick(table)
        .leaseDuration(Duration.ofSeconds(5))
        .safetyMargin(Duration.ofSeconds(1))
        .renewInterval(Duration.ofMillis(500))
        .renewTimeout(Duration.ofSeconds(2));
  }

  /** A HikariCP pool of {@code size} connections that waits 1.5 s at most for one. */
  private static HikariDataSource pool(int size) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(PostgresFixture.url());
    c.setMaximumPoolSize(size);
    c.setConnectionTimeout(1_500);
    c.setPoolName("lease-pool-test");
    return new HikariDataSource(c);
  }
}
