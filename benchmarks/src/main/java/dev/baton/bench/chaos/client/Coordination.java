// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.LeaderScheduler;
import dev.baton.recipes.scheduler.ScheduleConfig;
import java.sql.SQLException;
import java.time.Duration;

/**
 * What the election and the scheduler elect on ({@code --backend}): a ZooKeeper session or a lease
 * row ({@link LeaseBackend}), so one role's code runs on both.
 */
final class Coordination {

  private final BatonSession session; // null on the lease backend
  private final LeaseBackend lease; // null on ZooKeeper

  private Coordination(BatonSession session, LeaseBackend lease) {
    this.session = session;
    this.lease = lease;
  }

  static Coordination zooKeeper(BatonSession session) {
    return new Coordination(session, null);
  }

  /**
   * The lease backend on {@code pool}, the lease table created if missing ({@link Retries}: two
   * clients start at once).
   */
  static Coordination lease(HikariDataSource pool, Duration session) throws SQLException {
    LeaseConfig config = leaseConfig(session);
    return Retries.run(
        "preparing the lease table",
        pool,
        () -> new Coordination(null, LeaseBackend.create(pool, config)));
  }

  /**
   * The lease scaled to the session it stands in for: lease = session; margin, renew interval and
   * timeout a fifth; polls a tenth.
   */
  static LeaseConfig leaseConfig(Duration session) {
    Duration fifth = session.dividedBy(5);
    return LeaseConfig.builder()
        .leaseDuration(session)
        .safetyMargin(fifth)
        .renewInterval(fifth)
        .renewTimeout(fifth)
        .pollInterval(session.dividedBy(10))
        .build();
  }

  boolean isLease() {
    return lease != null;
  }

  /** The ZooKeeper session; {@link IllegalStateException} on the lease backend. */
  BatonSession session() {
    if (session == null) {
      throw new IllegalStateException("no ZooKeeper session on the lease backend");
    }
    return session;
  }

  LeaderElection election(ElectionConfig config, LeadershipListener listener) {
    return lease != null
        ? LeaderElection.create(lease, config, listener)
        : LeaderElection.create(session, config, listener);
  }

  LeaderScheduler scheduler(ElectionConfig election, ScheduleConfig schedule, JobStore store) {
    return lease != null
        ? LeaderScheduler.create(lease, election, schedule, store, null)
        : LeaderScheduler.create(session, election, schedule, store);
  }
}
