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
   * When to create the store's tables at start-up if they are missing: always, embedded (only on an
   * embedded database such as H2) or never.
   */
  private DatabaseInitializationMode createSchema = DatabaseInitializationMode.EMBEDDED;

  /**
   * How long a worker's claim on a job holds without renewal, in the database's time; workers renew
   * it every third of it while the job runs. At least 100 ms.
   */
  private Duration claimLease = Duration.ofSeconds(30);

  /** How many claims a job gets before it is marked FAILED. At least 1. */
  private int maxAttempts = 5;

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
}
