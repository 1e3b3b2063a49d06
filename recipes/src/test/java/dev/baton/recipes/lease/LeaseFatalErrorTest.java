// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.TestListeners;
import dev.baton.testkit.ForwardingDataSource;
import dev.baton.testkit.SqlTables;
import dev.baton.testkit.ThreadDeaths;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
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

  /**
   * A fatal error on the renewal loop itself: its onFatal withdraws, and the withdrawal must give
   * the row back there and then. Before, it was queued on that same loop, which the error stops and
   * empties: the row stayed held until the lease expired, 30 s here (found in review; this test
   * failed then).
   */
  @Test
  void aStackOverflowOnTheRenewalLoopGivesTheRowBackAtOnce() throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:lease-fatal-renewal;DB_CLOSE_DELAY=-1");
    String table = LeaseDatabases.table();
    LeaseConfig lease = LeaseDatabases.quick(table).leaseDuration(Duration.ofSeconds(30)).build();
    OverflowingDataSource overflowing = new OverflowingDataSource(h2, new AtomicBoolean());
    LeaseBackend failingBackend = LeaseBackend.create(overflowing, lease);
    LeaseBackend healthyBackend = LeaseBackend.create(h2, lease);
    String path = "/lease/fatal-renewal";
    try (ThreadDeaths deaths = ThreadDeaths.record();
        LeaderElection failing =
            LeaderElection.create(
                failingBackend,
                ElectionConfig.builder(path).participantId("failing").build(),
                TestListeners.quiet());
        LeaderElection healthy =
            LeaderElection.create(
                healthyBackend,
                ElectionConfig.builder(path).participantId("healthy").build(),
                TestListeners.quiet())) {
      failing.start();
      Leadership first = failing.awaitLeadership(WITHIN).orElseThrow();
      overflowing.armed().set(true); // the next statement, the renewal, dies
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> failing.health().failure().isPresent() && !deaths.deaths().isEmpty());
      assertThat(deaths.deaths().get(0).error()).isInstanceOf(StackOverflowError.class);
      assertThat(first.revocationReason()).contains(RevocationReason.FAILED);

      // given back, not left to expire: nobody holds the row, well before its 30 s
      await()
          .dontCatchUncaughtExceptions()
          .atMost(Duration.ofSeconds(5))
          .until(() -> healthyBackend.holder(path).isEmpty());
      healthy.start();
      Leadership next = healthy.awaitLeadership(Duration.ofSeconds(5)).orElseThrow();
      assertThat(next.token().value()).isGreaterThan(first.token().value());
      assertThat(failing.health().isHealthy()).isFalse();
    } finally {
      SqlTables.drop(h2, table);
      SqlTables.dropSequences(h2, table + "_tokens");
    }
  }

  /** Throws a {@link StackOverflowError} for the first connection asked for once armed. */
  private record OverflowingDataSource(DataSource delegate, AtomicBoolean armed)
      implements ForwardingDataSource {
    @Override
    public Connection getConnection() throws SQLException {
      overflowIfArmed();
      return delegate.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      overflowIfArmed();
      return delegate.getConnection(user, password);
    }

    private void overflowIfArmed() {
      if (armed.compareAndSet(true, false)) {
        throw new StackOverflowError("simulated, on the renewal");
      }
    }
  }
}
