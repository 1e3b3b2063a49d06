// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Validation;
import java.time.Duration;
import java.util.Objects;

/**
 * Immutable settings of the lease-record backend, built by {@link #builder()} and checked by the
 * constructor. As client-go's lease duration &gt; renew deadline &gt; retry period: {@code
 * safetyMargin < leaseDuration} and {@code renewInterval + renewTimeout <= leaseDuration -
 * safetyMargin}, so a timely renewal is confirmed before the term's local deadline.
 *
 * @param leaseDuration how long the database grants the lease per acquisition or renewal, by its
 *     clock; a crashed holder's successor waits at most this plus one poll; default 15 s
 * @param safetyMargin the holder stops acting this long before its lease ends; default 2 s
 * @param renewInterval renew this long after the last grant or renewal was sent; default 4 s
 * @param renewTimeout the JDBC network timeout of one statement; default 4 s
 * @param pollInterval how often a follower tries to acquire; default 2 s
 * @param pollJitter each poll waits up to this fraction of the interval longer; default 0.25
 * @param table the lease table, a plain SQL identifier (optionally {@code schema.table}); tokens
 *     come from {@code <table>_tokens}; default {@value #DEFAULT_TABLE}
 * @param createTable create or migrate the table and sequence, else only check them; default true
 * @param listen on PostgreSQL, followers also wake on {@code LISTEN/NOTIFY} when a holder releases
 *     (one pooled connection per data source and table); default true
 */
public record LeaseConfig(
    Duration leaseDuration,
    Duration safetyMargin,
    Duration renewInterval,
    Duration renewTimeout,
    Duration pollInterval,
    double pollJitter,
    String table,
    boolean createTable,
    boolean listen) {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "baton_lease";

  /**
   * Checks every setting and their relations.
   *
   * @throws IllegalArgumentException naming the first invalid setting or relation
   */
  public LeaseConfig {
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
    LeaseSchema.validTable(Objects.requireNonNull(table, "table"));
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults. */
  public static LeaseConfig defaults() {
    return builder().build();
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
      return new LeaseConfig(
          leaseDuration,
          safetyMargin,
          renewInterval,
          renewTimeout,
          pollInterval,
          pollJitter,
          table,
          createTable,
          listen);
    }
  }
}
