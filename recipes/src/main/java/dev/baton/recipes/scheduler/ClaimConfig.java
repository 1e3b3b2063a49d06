// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link JobStore} leases its jobs to workers.
 *
 * <p>A claim is a lease: it holds for {@code lease} from the moment it is taken or last renewed, as
 * measured by the store's clock (the database server's {@code CURRENT_TIMESTAMP} for {@link
 * SqlJobStore}, never a worker's clock). A {@link JobWorker} renews the claim of the job in hand
 * every third of the lease while the job runs, so a job may run longer than the lease; a claim that
 * is not renewed (its worker died, froze, or lost the database for a whole lease) expires, and the
 * next {@link JobStore#claim} takes the job again, one attempt more. A claim that expires after
 * attempt {@code maxAttempts} moves the job to {@link ScheduledJob#FAILED} instead, never claimed
 * again.
 *
 * @param lease how long a claim holds without renewal: at least 100 ms; default 30 s
 * @param maxAttempts how many claims a job gets before it is marked failed: at least 1; default 5
 */
public record ClaimConfig(Duration lease, int maxAttempts) {
  /** The default lease, 30 s. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

  /** The default number of attempts, 5. */
  public static final int DEFAULT_MAX_ATTEMPTS = 5;

  /** The defaults: a 30 s lease, 5 attempts. */
  public static final ClaimConfig DEFAULT = new ClaimConfig(DEFAULT_LEASE, DEFAULT_MAX_ATTEMPTS);

  /**
   * Validates.
   *
   * @throws NullPointerException if {@code lease} is null
   * @throws IllegalArgumentException naming the invalid field
   */
  public ClaimConfig {
    Objects.requireNonNull(lease, "lease");
    if (lease.compareTo(Duration.ofMillis(100)) < 0) {
      throw new IllegalArgumentException("the claim lease must be at least 100 ms, was " + lease);
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
    }
  }

  /** How often a worker renews the claim of a job in hand: a third of the lease. */
  public Duration renewInterval() {
    return lease.dividedBy(3);
  }
}
