// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/** The leader-only scheduler's job store on the application's {@code DataSource}. */
@ConfigurationProperties("baton.scheduler")
public class JobStoreProperties {
  /**
   * The prefix of the store's tables (prefix_jobs, prefix_progress, prefix_fence), optionally
   * schema-qualified: up to 54 ASCII letters, digits and underscores, not starting with a digit.
   */
  private String tablePrefix = "baton_scheduler";

  /**
   * When Baton manages the store's tables at start-up, as spring.sql.init.mode does for scripts:
   * always, embedded (only on an embedded database such as H2) or never. When it does, missing
   * tables are created and tables of an earlier version migrated (columns and indexes added); when
   * it does not, a table of an earlier version stops the start-up with the DDL to run.
   */
  private DatabaseInitializationMode createSchema = DatabaseInitializationMode.EMBEDDED;

  /**
   * How long a worker's claim on a job holds without renewal, in the database's time; workers renew
   * it every third of it while the job runs. At least 100 ms.
   */
  private Duration claimLease = Duration.ofSeconds(30);

  /** How many claims a job gets before it is marked FAILED. At least 1. */
  private int maxAttempts = 5;

  /**
   * How long a job whose handler failed waits before its second attempt, in the database's time;
   * the wait doubles with every further attempt up to max-retry-backoff. Zero or more.
   */
  private Duration retryBackoff = Duration.ofSeconds(5);

  /** The longest wait between two attempts of a failing job. At least retry-backoff. */
  private Duration maxRetryBackoff = Duration.ofMinutes(5);

  /**
   * How long a DONE job is kept (from its completion, in the database's time) before the workers
   * delete it. At least 1s.
   */
  private Duration doneRetention = Duration.ofDays(7);

  /** How long a FAILED job is kept before the workers delete it. At least 1s. */
  private Duration failedRetention = Duration.ofDays(30);

  /** The prefix of the store's tables. */
  public String getTablePrefix() {
    return tablePrefix;
  }

  /** Sets the prefix of the store's tables (checked at start-up). */
  public void setTablePrefix(String tablePrefix) {
    this.tablePrefix = tablePrefix;
  }

  /** When to create the store's tables. */
  public DatabaseInitializationMode getCreateSchema() {
    return createSchema;
  }

  /** Sets when to create the store's tables. */
  public void setCreateSchema(DatabaseInitializationMode createSchema) {
    this.createSchema = createSchema;
  }

  /** How long a claim holds without renewal. */
  public Duration getClaimLease() {
    return claimLease;
  }

  /** Sets how long a claim holds without renewal (checked at start-up). */
  public void setClaimLease(Duration claimLease) {
    this.claimLease = claimLease;
  }

  /** How many claims a job gets before it is marked failed. */
  public int getMaxAttempts() {
    return maxAttempts;
  }

  /** Sets how many claims a job gets (checked at start-up). */
  public void setMaxAttempts(int maxAttempts) {
    this.maxAttempts = maxAttempts;
  }

  /** How long a failed job waits before its second attempt. */
  public Duration getRetryBackoff() {
    return retryBackoff;
  }

  /** Sets how long a failed job waits before its second attempt (checked at start-up). */
  public void setRetryBackoff(Duration retryBackoff) {
    this.retryBackoff = retryBackoff;
  }

  /** The longest wait between two attempts. */
  public Duration getMaxRetryBackoff() {
    return maxRetryBackoff;
  }

  /** Sets the longest wait between two attempts (checked at start-up). */
  public void setMaxRetryBackoff(Duration maxRetryBackoff) {
    this.maxRetryBackoff = maxRetryBackoff;
  }

  /** How long a done job is kept. */
  public Duration getDoneRetention() {
    return doneRetention;
  }

  /** Sets how long a done job is kept (checked at start-up). */
  public void setDoneRetention(Duration doneRetention) {
    this.doneRetention = doneRetention;
  }

  /** How long a failed job is kept. */
  public Duration getFailedRetention() {
    return failedRetention;
  }

  /** Sets how long a failed job is kept (checked at start-up). */
  public void setFailedRetention(Duration failedRetention) {
    this.failedRetention = failedRetention;
  }
}
