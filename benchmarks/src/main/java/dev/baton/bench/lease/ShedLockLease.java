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
 * ShedLock as a leader election: {@code JdbcTemplateLockProvider} with {@code usingDbTime()}
 * (ShedLock's best setting: the database's clock decides expiry, as Baton's does), {@code
 * lockAtMostFor} = the common lease, {@code lockAtLeastFor} = 0, and {@code locked_by} = the
 * candidate's id (ShedLock's default, the host name, would be the same for all candidates of one
 * host). ShedLock has no election of its own: a follower calls {@code lock()} every poll interval,
 * and the holder keeps the lock by extending it ({@code SimpleLock.extend}) every third of the
 * lease, which is what ShedLock's {@code KeepAliveLockProvider} does; that class itself refuses a
 * {@code lockAtMostFor} under 30 s (and extends every half of it), so it cannot run a 3 s lease. A
 * failed extension ends the term. A graceful stop ends the loop and unlocks (ShedLock's unlock sets
 * {@code lock_until} to now: the followers see it at their next poll; nothing notifies them).
 *
 * <p>One thread per candidate runs the loop; the lock's statements run in transactions of
 * ShedLock's own ({@code DataSourceTransactionManager} on the candidate's data source).
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
  public void close() {
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
    dataSource().close();
  }

  @Override
  public WriteResult write(String label) {
    return plainWrite(label);
  }
}
