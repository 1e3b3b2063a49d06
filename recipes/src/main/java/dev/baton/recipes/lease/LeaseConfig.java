// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.internal.Validation;
import java.time.Duration;
import java.util.Objects;

/**
 * Immutable settings of the lease-record backend, validated by {@link Builder#build()}.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>leaseDuration</td><td>15 s</td><td>how long the database grants the lease from each
 *   acquisition or renewal, by the database's own clock; a crashed holder's successor waits at
 *   most this long plus one poll ({@code pollInterval * (1 + pollJitter)})</td></tr>
 *   <tr><td>safetyMargin</td><td>2 s</td><td>the holder stops acting this much before the lease it was
 *   granted ends by its own monotonic clock, measured from when the granting statement was
 *   <em>sent</em>: room for the revocation to take effect and for the clocks' rates to differ</td></tr>
 *   <tr><td>renewInterval</td><td>4 s</td><td>how often the holder renews, counted from when the last
 *   grant or renewal was sent (at once if its answer came later than that)</td></tr>
 *   <tr><td>renewTimeout</td><td>4 s</td><td>how long one statement may take on the network before it
 *   counts as failed (the JDBC network timeout, where the driver supports it)</td></tr>
 *   <tr><td>pollInterval</td><td>2 s</td><td>how often a follower tries to acquire</td></tr>
 *   <tr><td>pollJitter</td><td>0.25</td><td>each poll waits a random extra part of the interval, up to
 *   this fraction, so that followers do not poll in step</td></tr>
 *   <tr><td>table</td><td>{@value #DEFAULT_TABLE}</td><td>the lease table, a plain SQL identifier
 *   (optionally {@code schema.table}): 1 to 63 ASCII letters, digits and underscores, not starting
 *   with a digit; its tokens come from the sequence {@code <table>_tokens} beside it</td></tr>
 *   <tr><td>createTable</td><td>true</td><td>create the table and its sequence if they do not exist,
 *   and migrate a table of an earlier version; false checks only that they are there and
 *   well-formed</td></tr>
 *   <tr><td>listen</td><td>true</td><td>on PostgreSQL, followers also wake on {@code LISTEN/NOTIFY}
 *   when a holder releases, so a graceful handover does not wait for a poll (one connection of the
 *   pool per data source and table, shared by all the JVM's candidates on them and held while any
 *   runs: see {@link LeaseBackend} for the pool's size)</td></tr>
 * </table>
 *
 * <p>Relations, as client-go's lease duration &gt; renew deadline &gt; retry period: {@code
 * safetyMargin < leaseDuration} and {@code renewInterval + renewTimeout <= leaseDuration -
 * safetyMargin}, so that a renewal sent on time and answered within its timeout is confirmed before
 * the term's local deadline.
 */
public final class LeaseConfig {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "baton_lease";

  private final Duration leaseDuration;
  private final Duration safetyMargin;
  private final Duration renewInterval;
  private final Duration renewTimeout;
  private final Duration pollInterval;
  private final double pollJitter;
  private final String table;
  private final boolean createTable;
  private final boolean listen;

  private LeaseConfig(Builder b) {
    this.leaseDuration = b.leaseDuration;
    this.safetyMargin = b.safetyMargin;
    this.renewInterval = b.renewInterval;
    this.renewTimeout = b.renewTimeout;
    this.pollInterval = b.pollInterval;
    this.pollJitter = b.pollJitter;
    this.table = b.table;
    this.createTable = b.createTable;
    this.listen = b.listen;
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults. */
  public static LeaseConfig defaults() {
    return builder().build();
  }

  public Duration leaseDuration() {
    return leaseDuration;
  }

  public Duration safetyMargin() {
    return safetyMargin;
  }

  public Duration renewInterval() {
    return renewInterval;
  }

  public Duration renewTimeout() {
    return renewTimeout;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public double pollJitter() {
    return pollJitter;
  }

  public String table() {
    return table;
  }

  public boolean createTable() {
    return createTable;
  }

  public boolean listen() {
    return listen;
  }

  @Override
  public String toString() {
    return "LeaseConfig{lease="
        + leaseDuration
        + ", margin="
        + safetyMargin
        + ", renew="
        + renewInterval
        + "/"
        + renewTimeout
        + ", poll="
        + pollInterval
        + "+"
        + pollJitter
        + ", table="
        + table
        + "}";
  }

  /** Builder of {@link LeaseConfig}; not thread-safe. */
  public static final class Builder {
    private Duration leaseDuration = Duration.ofSeconds(15);
    private Duration safetyMargin = Duration.ofSeconds(2);
    private Duration renewInterval = Duration.ofSeconds(4);
    private Duration renewTimeout = Duration.ofSeconds(4);
    private Duration pollInterval = Duration.ofSeconds(2);
    private double pollJitter = 0.25;
    private String table = DEFAULT_TABLE;
    private boolean createTable = true;
    private boolean listen = true;

    private Builder() {}

    public Builder leaseDuration(Duration value) {
      this.leaseDuration = Objects.requireNonNull(value, "leaseDuration");
      return this;
    }

    public Builder safetyMargin(Duration value) {
      this.safetyMargin = Objects.requireNonNull(value, "safetyMargin");
      return this;
    }

    public Builder renewInterval(Duration value) {
      this.renewInterval = Objects.requireNonNull(value, "renewInterval");
      return this;
    }

    public Builder renewTimeout(Duration value) {
      this.renewTimeout = Objects.requireNonNull(value, "renewTimeout");
      return this;
    }

    public Builder pollInterval(Duration value) {
      this.pollInterval = Objects.requireNonNull(value, "pollInterval");
      return this;
    }

    /** A fraction in [0, 1]. */
    public Builder pollJitter(double value) {
      this.pollJitter = value;
      return this;
    }

    public Builder table(String value) {
      this.table = Objects.requireNonNull(value, "table");
      return this;
    }

    public Builder createTable(boolean value) {
      this.createTable = value;
      return this;
    }

    public Builder listen(boolean value) {
      this.listen = value;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid field or relation
     */
    public LeaseConfig build() {
      Validation.atLeastMillis("leaseDuration", leaseDuration);
      Validation.atLeastMillis("safetyMargin", safetyMargin);
      Validation.atLeastMillis("renewInterval", renewInterval);
      Validation.atLeastMillis("renewTimeout", renewTimeout);
      Validation.atLeastMillis("pollInterval", pollInterval);
      if (!(pollJitter >= 0 && pollJitter <= 1)) {
        throw new IllegalArgumentException("pollJitter must be in [0, 1], not " + pollJitter);
      }
      if (safetyMargin.compareTo(leaseDuration) >= 0) {
        throw new IllegalArgumentException(
            "safetyMargin ("
                + safetyMargin
                + ") must be shorter than leaseDuration ("
                + leaseDuration
                + ")");
      }
      Duration usable = leaseDuration.minus(safetyMargin);
      if (renewInterval.plus(renewTimeout).compareTo(usable) > 0) {
        throw new IllegalArgumentException(
            "renewInterval + renewTimeout ("
                + renewInterval.plus(renewTimeout)
                + ") must not exceed leaseDuration - safetyMargin ("
                + usable
                + "): a renewal sent on time must be confirmed before the term's deadline");
      }
      LeaseTable.valid(table);
      return new LeaseConfig(this);
    }

  }
}
