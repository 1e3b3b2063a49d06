// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.testkit.ForwardingDataSource;
import dev.baton.testkit.ReadmeSnippets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The README's wait after a lease holder crashed: an upper bound, the lease duration plus one poll
 * ({@code pollInterval} times one plus {@code pollJitter}), 17.5 s with the defaults; and usually
 * less, since the lease runs from the holder's last renewal. Checked against the defaults and on H2
 * with a holder whose database goes away at once (no renewal, no release: as the database sees a
 * crash).
 */
class ReadmeLeaseFailoverTest {
  private static final Duration LEASE = Duration.ofSeconds(2);
  private static final Duration RENEW = Duration.ofMillis(500);
  private static final Duration POLL = Duration.ofMillis(200);
  private static final double JITTER = 0.25;

  /** The acquiring statement, the callback's dispatch and a loaded machine's scheduling. */
  private static final Duration SLACK = Duration.ofSeconds(1);

  @Test
  void theReadmeStatesAnUpperBoundThatTheDefaultsGive() {
    String readme = ReadmeSnippets.readme().replaceAll("\\s+", " ");
    assertThat(readme)
        .contains(
            "a crashed holder's successor waits **at most** the lease duration plus one poll"
                + " (`pollInterval` × (1 + `pollJitter`)): 17.5 s with the defaults (15 s + 2.5 s)")
        .contains("a crashed instance's successor waits at most `lease-duration` plus one poll")
        .doesNotContain("waits the lease duration plus a poll")
        .doesNotContain("successor waits `lease-duration` plus a poll");
    LeaseConfig defaults = LeaseConfig.defaults();
    assertThat(defaults.leaseDuration()).isEqualTo(Duration.ofSeconds(15));
    assertThat(defaults.pollInterval().toMillis() * (1 + defaults.pollJitter())).isEqualTo(2500.0);
  }

  @Test
  void aCrashedHoldersSuccessorLeadsWithinTheLeasePlusOnePoll() throws Exception {
    String readme = ReadmeSnippets.readme().replaceAll("\\s+", " ");
    assertThat(readme)
        .contains(
            "with a 2 s lease, 0.5 s renewals and 0.2 s polls: more than 1.5 s, at most 2.25 s");
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme_failover;DB_CLOSE_DELAY=-1");
    Cuttable holderDb = new Cuttable(h2);
    LeaseConfig config =
        LeaseConfig.builder()
            .leaseDuration(LEASE)
            .safetyMargin(Duration.ofMillis(500))
            .renewInterval(RENEW)
            .renewTimeout(Duration.ofSeconds(1))
            .pollInterval(POLL)
            .pollJitter(JITTER)
            .build();
    CountDownLatch holderRevoked = new CountDownLatch(1);
    CountDownLatch successorElected = new CountDownLatch(1);
    long[] electedAt = new long[1];
    try (LeaderElection holder =
            LeaderElection.create(
                LeaseBackend.create(holderDb, config),
                ElectionConfig.builder("/readme/failover").participantId("holder").build(),
                listener(() -> {}, holderRevoked::countDown));
        LeaderElection successor =
            LeaderElection.create(
                LeaseBackend.create(h2, config),
                ElectionConfig.builder("/readme/failover").participantId("successor").build(),
                listener(
                    () -> {
                      electedAt[0] = System.nanoTime();
                      successorElected.countDown();
                    },
                    () -> {}))) {
      holder.start();
      assertThat(holder.awaitLeadership(Duration.ofSeconds(10))).isPresent();
      successor.start();
      assertThat(successor.isLeader()).isFalse();

      long cutAt = System.nanoTime();
      holderDb.cut();
      assertThat(successorElected.await(10, TimeUnit.SECONDS)).isTrue();
      Duration waited = Duration.ofNanos(electedAt[0] - cutAt);

      long bound = LEASE.toMillis() + (long) (POLL.toMillis() * (1 + JITTER));
      assertThat(bound).isEqualTo(2250);
      assertThat(waited)
          .as("more than the lease minus a renew interval, from the last renewal: %s", waited)
          .isGreaterThan(LEASE.minus(RENEW))
          .as("at most the lease plus one poll (and the acquiring statement): %s", waited)
          .isLessThanOrEqualTo(Duration.ofMillis(bound).plus(SLACK));
      assertThat(holderRevoked.await(10, TimeUnit.SECONDS)).isTrue();
      holderDb.restore(); // so that the holder's close can release cleanly
    } finally {
      try (Connection c = h2.getConnection()) {
        c.createStatement().execute("DROP ALL OBJECTS");
      }
    }
  }

  private static LeadershipListener listener(Runnable elected, Runnable revoked) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {
        elected.run();
      }

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {
        revoked.run();
      }
    };
  }

  /** A data source that refuses every connection once cut: the database no longer hears it. */
  private static final class Cuttable implements ForwardingDataSource {
    private final DataSource delegate;
    private volatile boolean cut;

    Cuttable(DataSource delegate) {
      this.delegate = delegate;
    }

    @Override
    public DataSource delegate() {
      return delegate;
    }

    void cut() {
      cut = true;
    }

    void restore() {
      cut = false;
    }

    private void check() throws SQLException {
      if (cut) {
        throw new SQLException("cut off from the database (the test's crash)");
      }
    }

    @Override
    public Connection getConnection() throws SQLException {
      check();
      return delegate.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      check();
      return delegate.getConnection(user, password);
    }
  }
}
