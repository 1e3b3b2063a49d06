// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * ShedLock as a leader election: {@code JdbcTemplateLockProvider} with {@code usingDbTime()}, a
 * follower calling {@code lock()} every poll, the holder extending every third of the lease (what
 * {@code KeepAliveLockProvider} does, which refuses a lease under 30 s). One thread per candidate;
 * the statements run in ShedLock's own transactions. Mapping: docs/benchmarks.md, "Lease".
 */
final class ShedLockLease extends LeaseCandidate {
  private static final Logger log = LoggerFactory.getLogger(ShedLockLease.class);

  private final JdbcTemplateLockProvider provider;
  private final ScheduledThreadPoolExecutor loop = new ScheduledThreadPoolExecutor(1);
  private final Object lockGuard = new Object();
  private @Nullable SimpleLock lock; // guarded by lockGuard
  private volatile boolean stopped;

  ShedLockLease(LeaseSetup setup, String election, String id, CountingDataSource ds, Sink sink) {
    super(setup, LeaseSystem.SHEDLOCK, election, id, ds, sink);
    this.provider =
        new JdbcTemplateLockProvider(
            JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(new JdbcTemplate(ds))
                .withTableName(setup.lockTable(LeaseSystem.SHEDLOCK))
                .withLockedByValue(id)
                .usingDbTime()
                .build());
    loop.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    loop.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
  }

  @Override
  public void join() {
    loop.execute(this::step);
  }

  /** One turn of the loop: try to lock, or extend the lock held; then schedule the next turn. */
  private void step() {
    if (stopped) {
      return;
    }
    long delayMs = setup.pollMs();
    try {
      synchronized (lockGuard) {
        if (lock == null) {
          Optional<SimpleLock> taken = provider.lock(configuration());
          if (taken.isPresent()) {
            lock = taken.get();
            markElected(Optional.empty());
          }
        } else {
          Optional<SimpleLock> extended = lock.extend(setup.lease(), Duration.ZERO);
          if (extended.isPresent()) {
            lock = extended.get();
          } else {
            lock = null;
            markRevoked();
          }
        }
        if (lock != null) {
          delayMs = setup.leaseMs() / 3;
        }
      }
    } catch (RuntimeException e) {
      log.warn("{}: a lock attempt failed", this, e);
    }
    if (!stopped) {
      loop.schedule(this::step, delayMs, TimeUnit.MILLISECONDS);
    }
  }

  private LockConfiguration configuration() {
    return new LockConfiguration(ClockProvider.now(), election, setup.lease(), Duration.ZERO);
  }

  @Override
  void leave() {
    if (stopped) {
      return;
    }
    stopped = true;
    loop.shutdown();
    try {
      if (!loop.awaitTermination(30, TimeUnit.SECONDS)) {
        log.warn("{}: its loop did not end within 30 s", this);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (lockGuard) {
      if (lock != null) {
        lock.unlock();
        lock = null;
        markRevoked();
      }
    }
  }

  @Override
  public WriteResult write(String label) {
    return plainWrite(label);
  }
}
