// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.kernel.StoreUnavailableException;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.LeaderScheduler;
import dev.baton.recipes.scheduler.ScheduleConfig;
import java.sql.SQLException;
import java.time.Duration;

/**
 * What a chaos client's election and scheduler elect on ({@code --backend}): a ZooKeeper session,
 * or a lease row in the trial's database ({@link LeaseBackend}). The roles build their recipe here,
 * so the same role code runs on both; the lock and the partition member exist on ZooKeeper only.
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
   * The lease backend on {@code dataSource}, its lease as long as {@code session} (see {@link
   * #leaseConfig}); the lease table is created if missing, retried a few times since two clients
   * start at once.
   *
   * @throws StoreUnavailableException if the database cannot be reached, after {@link Retries}
   */
  static Coordination lease(HikariDataSource pool, Duration session) throws SQLException {
    LeaseConfig config = leaseConfig(session);
    return Retries.run(
        "preparing the lease table",
        pool,
        () -> new Coordination(null, LeaseBackend.create(pool, config)));
  }

  /**
   * The lease scaled to the trial's session timeout, as the ZooKeeper session it stands in for:
   * lease = session; safety margin, renew interval and renew timeout a fifth of it; polls a tenth
   * of it (the default jitter of a quarter of that).
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

  /**
   * The ZooKeeper session.
   *
   * @throws IllegalStateException on the lease backend, which has none
   */
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
