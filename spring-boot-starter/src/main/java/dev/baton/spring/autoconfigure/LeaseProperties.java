// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;

/**
 * {@code baton.lease.*}: the lease-record backend's settings ({@code baton.backend=lease}), mapped
 * onto {@code dev.baton.recipes.lease.LeaseConfig}, whose defaults they repeat.
 */
public class LeaseProperties {
  /**
   * How long the database grants the lease from each acquisition or renewal, by its own clock. A
   * crashed leader's successor waits at most lease-duration + poll-interval * (1 + poll-jitter)
   * (17.5s with the defaults), usually less, as the lease runs from the last renewal.
   */
  private Duration leaseDuration = Duration.ofSeconds(15);

  /**
   * The leader stops acting this much before its lease ends, by its own monotonic clock. Must be
   * shorter than lease-duration.
   */
  private Duration safetyMargin = Duration.ofSeconds(2);

  /**
   * How often the leader renews its lease. renew-interval + renew-timeout must not exceed
   * lease-duration - safety-margin.
   */
  private Duration renewInterval = Duration.ofSeconds(4);

  /** How long one statement may take on the network before it counts as failed. */
  private Duration renewTimeout = Duration.ofSeconds(4);

  /** How often a follower tries to take the lease. */
  private Duration pollInterval = Duration.ofSeconds(2);

  /**
   * Each poll waits a random extra part of poll-interval, up to this fraction (0 to 1), so that
   * followers do not poll in step.
   */
  private double pollJitter = 0.25;

  /** The lease table, a plain SQL identifier, optionally schema.table. */
  private String table = "baton_lease";

  /**
   * Create the lease table and its token sequence <table>_tokens at start-up if they do not
   * exist, and a table of an earlier version is upgraded; when false they are only checked, and a
   * missing, misshapen or older table, or a sequence below the table's highest token, fails the
   * start.
   */
  private boolean createTable = true;

  /**
   * On PostgreSQL, followers also wake on LISTEN/NOTIFY when a leader releases, so a graceful
   * handover does not wait for a poll (one pooled connection per DataSource and table is kept open
   * for it, shared by all the application's elections on them).
   */
  private boolean listen = true;

  /** The lease duration. */
  public Duration getLeaseDuration() {
    return leaseDuration;
  }

  /** Sets the lease duration. */
  public void setLeaseDuration(Duration leaseDuration) {
    this.leaseDuration = leaseDuration;
  }

  /** The safety margin. */
  public Duration getSafetyMargin() {
    return safetyMargin;
  }

  /** Sets the safety margin. */
  public void setSafetyMargin(Duration safetyMargin) {
    this.safetyMargin = safetyMargin;
  }

  /** The renew interval. */
  public Duration getRenewInterval() {
    return renewInterval;
  }

  /** Sets the renew interval. */
  public void setRenewInterval(Duration renewInterval) {
    this.renewInterval = renewInterval;
  }

  /** The renew timeout. */
  public Duration getRenewTimeout() {
    return renewTimeout;
  }

  /** Sets the renew timeout. */
  public void setRenewTimeout(Duration renewTimeout) {
    this.renewTimeout = renewTimeout;
  }

  /** The poll interval. */
  public Duration getPollInterval() {
    return pollInterval;
  }

  /** Sets the poll interval. */
  public void setPollInterval(Duration pollInterval) {
    this.pollInterval = pollInterval;
  }

  /** The poll jitter. */
  public double getPollJitter() {
    return pollJitter;
  }

  /** Sets the poll jitter. */
  public void setPollJitter(double pollJitter) {
    this.pollJitter = pollJitter;
  }

  /** The lease table. */
  public String getTable() {
    return table;
  }

  /** Sets the lease table. */
  public void setTable(String table) {
    this.table = table;
  }

  /** Whether the table is created if missing. */
  public boolean isCreateTable() {
    return createTable;
  }

  /** Sets whether the table is created if missing. */
  public void setCreateTable(boolean createTable) {
    this.createTable = createTable;
  }

  /** Whether followers listen for releases on PostgreSQL. */
  public boolean isListen() {
    return listen;
  }

  /** Sets whether followers listen for releases on PostgreSQL. */
  public void setListen(boolean listen) {
    this.listen = listen;
  }
}
