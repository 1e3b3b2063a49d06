// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.testkit.PostgresProcess;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The lease's PostgreSQL server stopped under a leader and a follower, then started again (a server
 * of the test's own, so the shared one is not touched): every connection dies, the row survives.
 * The leader's term ends by its own clock while the database is down and nobody leads; once it is
 * back, exactly one candidate leads with a higher token, no two terms overlap, and a graceful exit
 * still hands over at once.
 */
class LeaseDatabaseRestartTest {
  private static final Duration WITHIN = Duration.ofSeconds(30);

  @Test
  void afterARestartOneCandidateLeadsAgainAndHandoversStillWork() throws Exception {
    try (PostgresProcess pg = PostgresProcess.start()) {
      LeaseBackend backend =
          LeaseBackend.create(
              pg.dataSource(),
              LeaseDatabases.quick("baton_lease").leaseDuration(Duration.ofSeconds(3)).build());
      LeaseTerms terms = new LeaseTerms();
      try {
        LeaderElection a = terms.candidate(backend, "/lease/restart", "a");
        LeaderElection b = terms.candidate(backend, "/lease/restart", "b");
        a.start();
        Leadership first = a.awaitLeadership(WITHIN).orElseThrow();
        b.start();

        pg.stopServer();
        // the leader cannot renew: its term ends by its own clock, and nobody can take over
        assertThat(first.awaitRevocation(WITHIN)).isTrue();
        assertThat(first.revocationReason())
            .hasValueSatisfying(
                r ->
                    assertThat(r)
                        .isIn(RevocationReason.RENEWAL_FAILED, RevocationReason.LEASE_EXPIRED));
        assertThat(terms.leaders()).isEmpty();
        assertThat(a.health().connected()).isFalse();
        pg.startServer();
        LeaderElection leader =
            await()
                .atMost(WITHIN)
                .until(terms::leaders, l -> l.size() == 1 && l.get(0).health().connected())
                .get(0);
        assertThat(leader.leadership().orElseThrow().token()).isGreaterThan(first.token());

        int before = terms.elected().size();
        leader.close(); // released on the restarted server: the other leads at once
        await().atMost(Duration.ofSeconds(5)).until(() -> terms.elected().size() > before);
        assertThat(terms.violations()).isEmpty();
        assertThat(terms.events())
            .filteredOn(e -> e.kind().equals("revoked"))
            .extracting(LeaseTerms.Event::reason)
            .isSubsetOf(
                RevocationReason.RENEWAL_FAILED,
                RevocationReason.LEASE_EXPIRED,
                RevocationReason.LEASE_LOST,
                RevocationReason.CLOSED);
      } finally {
        terms.closeAll();
      }
    }
  }
}
