// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.TestListeners;
import dev.baton.testkit.ThreadDeaths;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * A lease candidate whose callback loop dies of a {@link VirtualMachineError} ends its term and is
 * marked failed, as on ZooKeeper; it must also let the row go for good. Before, it released the
 * row, then took it again at its next poll and renewed it for ever without a term: every other
 * candidate was refused until the process closed (found in review; this test failed then).
 */
class LeaseFatalErrorTest {
  private static final Duration WITHIN = Duration.ofSeconds(15);

  @Test
  void aCandidateThatDiedOfAStackOverflowLetsTheLeaseGoForGood() throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:lease-fatal;DB_CLOSE_DELAY=-1");
    LeaseBackend backend =
        LeaseBackend.create(h2, LeaseDatabases.quick(LeaseDatabases.table()).build());
    AtomicReference<Leadership> broken = new AtomicReference<>();
    try (ThreadDeaths deaths = ThreadDeaths.record();
        LeaderElection failing =
            LeaderElection.create(
                backend,
                ElectionConfig.builder("/lease/fatal").participantId("failing").build(),
                TestListeners.onElected(
                    leadership -> {
                      broken.set(leadership);
                      throw new StackOverflowError("simulated");
                    }));
        LeaderElection healthy =
            LeaderElection.create(
                backend,
                ElectionConfig.builder("/lease/fatal").participantId("healthy").build(),
                TestListeners.quiet())) {
      failing.start();
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> failing.health().failure().isPresent() && !deaths.deaths().isEmpty());
      assertThat(broken.get().revocationReason()).contains(RevocationReason.FAILED);
      // the row was released and stays free: over five of its polls (200 ms) the failed candidate
      // does not take it again
      await()
          .dontCatchUncaughtExceptions()
          .during(Duration.ofSeconds(1))
          .atMost(Duration.ofSeconds(5))
          .until(() -> failing.currentLeader().isEmpty());

      healthy.start();
      Leadership next = healthy.awaitLeadership(WITHIN).orElseThrow();
      assertThat(next.token().value()).isGreaterThan(broken.get().token().value());
      // and the healthy one keeps the term it began
      await()
          .dontCatchUncaughtExceptions()
          .during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(5))
          .until(() -> next.isActive() && !failing.isLeader());
      assertThat(failing.health().isHealthy()).isFalse();
    }
  }
}
