// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import dev.baton.recipes.spi.NoMeters;
import dev.baton.recipes.spi.Validation;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link GroupMember}, built by {@link #builder(String)} and checked by the
 * constructor; defaults and meaning: docs/partitions.md. Give a restarting process the same {@code
 * memberId} (e.g. its pod name) so that {@code rejoinGrace} can give its partitions back. Callbacks
 * always run on their partition's serial loop (no executor).
 *
 * @param group the group's znode path (the fencing tokens' scope)
 * @param memberId this member's id; default {@code pid-random}
 * @param weight this member's share of the partitions, 1 to 10000; default 1
 * @param zone this member's zone, or empty (the default)
 * @param partitionCount the partition count, or empty to read the partition set from ZooKeeper
 * @param strategy how partitions are spread; default {@link StickyBalancedStrategy}
 * @param drainTimeout how long a released partition waits for {@code revoked}; default 10 s
 * @param rejoinGrace how long a departed member's partitions wait for it; default 0
 * @param rebalanceDelay quiet time before a rebalance; default 200 ms
 * @param rebalanceMaxDelay longest delay of a rebalance under churn; default 2 s
 * @param meterRegistry where metrics go; default no-op
 * @param clock the time of ownerships; default system UTC
 */
public record GroupConfig(
    String group,
    String memberId,
    int weight,
    Optional<String> zone,
    OptionalInt partitionCount,
    AssignmentStrategy strategy,
    Duration drainTimeout,
    Duration rejoinGrace,
    Duration rebalanceDelay,
    Duration rebalanceMaxDelay,
    MeterRegistry meterRegistry,
    Clock clock) {

  /** Checks every setting: NullPointerException or IllegalArgumentException naming it. */
  public GroupConfig {
    Validation.path("group", group);
    // The longest token scope of the group: the ownership znode of the largest partition number.
    FencingToken.checkScope("group", new GroupPaths(group).tokenScope(Integer.MAX_VALUE));
    GroupPaths.checkId("memberId", memberId);
    if (weight < 1 || weight > 10_000) {
      throw new IllegalArgumentException("weight must be 1 to 10000, was " + weight);
    }
    Objects.requireNonNull(zone, "zone").ifPresent(z -> GroupPaths.checkId("zone", z));
    int n = Objects.requireNonNull(partitionCount, "partitionCount").orElse(1); // none: valid
    if (n < 1 || n > RecordFormat.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "partitionCount must be 1 to " + RecordFormat.MAX_PARTITIONS + ", was " + n);
    }

    Objects.requireNonNull(strategy, "strategy");
    Validation.nonNegative("drainTimeout", drainTimeout);
    Validation.nonNegative("rejoinGrace", rejoinGrace);
    Validation.nonNegative("rebalanceDelay", rebalanceDelay);
    Validation.nonNegative("rebalanceMaxDelay", rebalanceMaxDelay);
    if (rebalanceMaxDelay.compareTo(rebalanceDelay) < 0) {
      throw new IllegalArgumentException(
          "rebalanceMaxDelay (%s) must not be shorter than rebalanceDelay (%s)"
              .formatted(rebalanceMaxDelay, rebalanceDelay));
    }
    Objects.requireNonNull(meterRegistry, "meterRegistry");
    Objects.requireNonNull(clock, "clock");
  }

  /** A builder for membership of the group at {@code group}. */
  public static Builder builder(String group) {
    return new Builder(Objects.requireNonNull(group, "group"));
  }

  /** Builder of {@link GroupConfig}; not thread-safe. */
  public static final class Builder {
    private final String group;
    private @Nullable String memberId;
    private int weight = 1;
    private @Nullable String zone;
    private @Nullable Integer partitionCount;
    private AssignmentStrategy strategy = new StickyBalancedStrategy();
    private Duration drainTimeout = Duration.ofSeconds(10);
    private Duration rejoinGrace = Duration.ZERO;
    private Duration rebalanceDelay = Duration.ofMillis(200);
    private Duration rebalanceMaxDelay = Duration.ofSeconds(2);
    private @Nullable MeterRegistry meterRegistry;
    private Clock clock = Clock.systemUTC();

    private Builder(String group) {
      this.group = group;
    }

    /** This member's id; {@code null} for the default ({@code pid-random}). */
    public Builder memberId(@Nullable String value) {
      this.memberId = value;
      return this;
    }

    public Builder weight(int value) {
      this.weight = value;
      return this;
    }

    /** This member's zone; {@code null} for none (the default). */
    public Builder zone(@Nullable String value) {
      this.zone = value;
      return this;
    }

    public Builder partitionCount(int value) {
      this.partitionCount = value;
      return this;
    }

    public Builder strategy(AssignmentStrategy value) {
      this.strategy = Objects.requireNonNull(value, "strategy");
      return this;
    }

    public Builder drainTimeout(Duration value) {
      this.drainTimeout = Objects.requireNonNull(value, "drainTimeout");
      return this;
    }

    public Builder rejoinGrace(Duration value) {
      this.rejoinGrace = Objects.requireNonNull(value, "rejoinGrace");
      return this;
    }

    public Builder rebalanceDelay(Duration value) {
      this.rebalanceDelay = Objects.requireNonNull(value, "rebalanceDelay");
      return this;
    }

    public Builder rebalanceMaxDelay(Duration value) {
      this.rebalanceMaxDelay = Objects.requireNonNull(value, "rebalanceMaxDelay");
      return this;
    }

    /** Where the metrics go; {@code null} for none (the default: no-op). */
    public Builder meterRegistry(@Nullable MeterRegistry value) {
      this.meterRegistry = value;
      return this;
    }

    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /** Validates and builds; {@link IllegalArgumentException} names the first invalid field. */
    public GroupConfig build() {
      return new GroupConfig(
          group,
          memberId == null
              ? ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8)
              : memberId,
          weight,
          Optional.ofNullable(zone),
          partitionCount == null ? OptionalInt.empty() : OptionalInt.of(partitionCount),
          strategy,
          drainTimeout,
          rejoinGrace,
          rebalanceDelay,
          rebalanceMaxDelay,
          meterRegistry == null ? NoMeters.REGISTRY : meterRegistry,
          clock);
    }
  }
}
