// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.integration.leader.Candidate;
import org.springframework.integration.leader.Context;
import org.springframework.integration.support.leader.LockRegistryLeaderInitiator;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * Spring Integration: {@code LockRegistryLeaderInitiator} over a {@code JdbcLockRegistry} over a
 * {@code DefaultLockRepository}, wired by hand as a Spring context would, the lock's time to live
 * the common lease and every wait the common poll. Mapping: docs/benchmarks.md, "Lease".
 */
final class SpringJdbcLease extends LeaseCandidate {
  private static final Logger log = LoggerFactory.getLogger(SpringJdbcLease.class);

  private final DefaultLockRepository repository;
  private final LockRegistryLeaderInitiator initiator;
  private final CountDownLatch revoked = new CountDownLatch(1);
  private volatile boolean stopped;

  @SuppressWarnings("deprecation") // setTimeToLive: the registry's lease is the one 7.0 uses
  SpringJdbcLease(LeaseSetup setup, String election, String id, CountingDataSource ds, Sink sink) {
    super(setup, LeaseSystem.SPRING_JDBC, election, id, ds, sink);
    repository = new DefaultLockRepository(ds);
    repository.setPrefix(setup.springPrefix());
    repository.setTimeToLive((int) setup.leaseMs());
    repository.setTransactionManager(new DataSourceTransactionManager(ds));
    repository.afterPropertiesSet();
    repository.afterSingletonsInstantiated();
    repository.start();
    JdbcLockRegistry registry = new JdbcLockRegistry(repository, setup.lease());
    registry.setIdleBetweenTries(setup.poll());
    initiator = new LockRegistryLeaderInitiator(registry, new RoleCandidate());
    initiator.setHeartBeatMillis(setup.pollMs());
    initiator.setBusyWaitMillis(setup.pollMs());
    initiator.setApplicationEventPublisher(event -> {}); // no context to publish leader events to
  }

  @Override
  public void join() {
    initiator.start();
  }

  @Override
  void leave() {
    if (stopped) {
      return;
    }
    stopped = true;
    boolean wasLeader = isLeader();
    initiator.stop(); // interrupts its thread, which unlocks (deletes the row) and revokes
    if (wasLeader) {
      try {
        if (!revoked.await(30, TimeUnit.SECONDS)) {
          log.warn("{}: not revoked within 30 s of stop", this);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // what a context's shutdown does next: the repository's stop, then its close (which deletes
    // any row this client still holds)
    repository.stop();
    repository.close();
  }

  @Override
  public WriteResult write(String label) {
    return plainWrite(label);
  }

  /** The initiator's candidate: the election's name is its role. */
  private final class RoleCandidate implements Candidate {
    @Override
    public String getRole() {
      return election;
    }

    @Override
    public String getId() {
      return id();
    }

    @Override
    public void onGranted(Context context) {
      markElected(Optional.empty());
    }

    @Override
    public void onRevoked(Context context) {
      markRevoked();
      revoked.countDown();
    }
  }
}
