// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link JobStore} leases jobs to workers, retries failed ones and keeps finished ones. A
 * claim is a lease in the store's time (never a worker's clock), renewed every {@link
 * #renewInterval()}; an expired claim makes the job claimable again, one attempt more. Progress is
 * kept apart, so a purged job is never created again.
 *
 * @param lease how long a claim holds without renewal: at least 100 ms
 * @param maxAttempts how many claims a job gets before it is marked failed: at least 1
 * @param retryBackoff how long a failed job waits before its second attempt: 0 or more
 * @param maxRetryBackoff the longest wait between attempts: at least {@code retryBackoff}
 * @param doneRetention how long a done job is kept: at least 1 s
 * @param failedRetention how long a failed job is kept: at least 1 s
 */
public record ClaimConfig(
    Duration lease,
    int maxAttempts,
    Duration retryBackoff,
    Duration maxRetryBackoff,
    Duration doneRetention,
    Duration failedRetention) {
  /** The default lease, 30 s. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

  /** The default number of attempts, 5. */
  public static final int DEFAULT_MAX_ATTEMPTS = 5;

  /** The default wait before a failed job's second attempt, 5 s. */
  public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofSeconds(5);

  /** The default longest wait between attempts, 5 min. */
  public static final Duration DEFAULT_MAX_RETRY_BACKOFF = Duration.ofMinutes(5);

  /** The default retention of done jobs, 7 days. */
  public static final Duration DEFAULT_DONE_RETENTION = Duration.ofDays(7);

  /** The default retention of failed jobs, 30 days. */
  public static final Duration DEFAULT_FAILED_RETENTION = Duration.ofDays(30);

  /** The defaults: a 30 s lease, 5 attempts, 5 s to 5 min between them, 7 and 30 days kept. */
  public static final ClaimConfig DEFAULT = new ClaimConfig(DEFAULT_LEASE, DEFAULT_MAX_ATTEMPTS);

  /** Validates, throwing IllegalArgumentException naming an invalid field. */
  public ClaimConfig {
    Objects.requireNonNull(lease, "lease");
    Objects.requireNonNull(retryBackoff, "retryBackoff");
    Objects.requireNonNull(maxRetryBackoff, "maxRetryBackoff");
    Objects.requireNonNull(doneRetention, "doneRetention");
    Objects.requireNonNull(failedRetention, "failedRetention");
    if (lease.compareTo(Duration.ofMillis(100)) < 0) {
      throw new IllegalArgumentException("the claim lease must be at least 100 ms, was " + lease);
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
    }
    if (retryBackoff.isNegative()) {
      throw new IllegalArgumentException("retryBackoff must not be negative, was " + retryBackoff);
    }
    if (maxRetryBackoff.compareTo(retryBackoff) < 0) {
      throw new IllegalArgumentException(
          "maxRetryBackoff must be at least retryBackoff ("
              + retryBackoff
              + "), was "
              + maxRetryBackoff);
    }
    if (doneRetention.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new IllegalArgumentException(
          "doneRetention must be at least 1 s, was " + doneRetention);
    }
    if (failedRetention.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new IllegalArgumentException(
          "failedRetention must be at least 1 s, was " + failedRetention);
    }
  }

  /** {@code maxAttempts} attempts under {@code lease}, with default backoff and retentions. */
  public ClaimConfig(Duration lease, int maxAttempts) {
    this(
        lease,
        maxAttempts,
        DEFAULT_RETRY_BACKOFF,
        DEFAULT_MAX_RETRY_BACKOFF,
        DEFAULT_DONE_RETENTION,
        DEFAULT_FAILED_RETENTION);
  }

  /** This with a retry backoff doubling per attempt from {@code retryBackoff} to the max. */
  public ClaimConfig withRetryBackoff(Duration retryBackoff, Duration maxRetryBackoff) {
    return new ClaimConfig(
        lease, maxAttempts, retryBackoff, maxRetryBackoff, doneRetention, failedRetention);
  }

  /** This configuration with the retention of done and failed jobs. */
  public ClaimConfig withRetention(Duration doneRetention, Duration failedRetention) {
    return new ClaimConfig(
        lease, maxAttempts, retryBackoff, maxRetryBackoff, doneRetention, failedRetention);
  }

  /** How often a worker renews the claim of a job in hand: a third of the lease. */
  public Duration renewInterval() {
    return lease.dividedBy(3);
  }

  /** Wait after failed {@code attempt} (from 1): {@code retryBackoff} doubled per retry, capped. */
  public Duration retryDelay(int attempt) {
    Duration delay = retryBackoff;
    for (int i = 1; i < attempt && delay.compareTo(maxRetryBackoff) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(maxRetryBackoff) > 0 ? maxRetryBackoff : delay;
  }
}
