// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.Validation;
import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import dev.baton.recipes.spi.NoMeters;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link GroupMember}, validated by {@link Builder#build()}; the fields,
 * their defaults and meaning are listed in docs/partitions.md. Give a restarting process the same
 * {@code memberId} (e.g. its pod name) so that {@code rejoinGrace} can give its partitions back.
 *
 * <p>There is no callback executor to configure: the listener's callbacks always run on the serial
 * loop of their partition, never on the member's loop, ZooKeeper's or Curator's threads (a
 * caller-supplied executor could run them there, e.g. a direct executor).
 */
public final class GroupConfig {
  private final String group;
  private final String memberId;
  private final int weight;
  private final @Nullable String zone;
  private final @Nullable Integer partitionCount;
  private final AssignmentStrategy strategy;
  private final Duration drainTimeout;
  private final Duration rejoinGrace;
  private final Duration rebalanceDelay;
  private final Duration rebalanceMaxDelay;
  private final MeterRegistry meterRegistry;
  private final Clock clock;

  private GroupConfig(Builder b, String memberId) {
    this.group = b.group;
    this.memberId = memberId;
    this.weight = b.weight;
    this.zone = b.zone;
    this.partitionCount = b.partitionCount;
    this.strategy = b.strategy;
    this.drainTimeout = b.drainTimeout;
    this.rejoinGrace = b.rejoinGrace;
    this.rebalanceDelay = b.rebalanceDelay;
    this.rebalanceMaxDelay = b.rebalanceMaxDelay;
    this.meterRegistry = b.meterRegistry == null ? NoMeters.REGISTRY : b.meterRegistry;
    this.clock = b.clock;
  }

  /** A builder for membership of the group at {@code group}. */
  public static Builder builder(String group) {
    return new Builder(Objects.requireNonNull(group, "group"));
  }

  public String group() {
    return group;
  }

  public String memberId() {
    return memberId;
  }

  public int weight() {
    return weight;
  }

  public Optional<String> zone() {
    return Optional.ofNullable(zone);
  }

  /** The configured partition count, or empty to read the partition set from ZooKeeper. */
  public OptionalInt partitionCount() {
    return partitionCount == null ? OptionalInt.empty() : OptionalInt.of(partitionCount);
  }

  public AssignmentStrategy strategy() {
    return strategy;
  }

  public Duration drainTimeout() {
    return drainTimeout;
  }

  public Duration rejoinGrace() {
    return rejoinGrace;
  }

  public Duration rebalanceDelay() {
    return rebalanceDelay;
  }

  public Duration rebalanceMaxDelay() {
    return rebalanceMaxDelay;
  }

  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  public Clock clock() {
    return clock;
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
      Validation.path("group", group);
      // The longest token scope of the group: the ownership znode of the largest partition number.
      FencingToken.checkScope("group", new GroupPaths(group).tokenScope(Integer.MAX_VALUE));
      String id =
          memberId == null
              ? ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8)
              : memberId;
      GroupPaths.checkId("memberId", id);
      if (weight < 1 || weight > 10_000) {
        throw new IllegalArgumentException("weight must be 1 to 10000, was " + weight);
      }
      if (zone != null) {
        GroupPaths.checkId("zone", zone);
      }
      if (partitionCount != null
          && (partitionCount < 1 || partitionCount > RecordFormat.MAX_PARTITIONS)) {
        throw new IllegalArgumentException(
            "partitionCount must be 1 to "
                + RecordFormat.MAX_PARTITIONS
                + ", was "
                + partitionCount);
      }
      Validation.nonNegative("drainTimeout", drainTimeout);
      Validation.nonNegative("rejoinGrace", rejoinGrace);
      Validation.nonNegative("rebalanceDelay", rebalanceDelay);
      Validation.nonNegative("rebalanceMaxDelay", rebalanceMaxDelay);
      if (rebalanceMaxDelay.compareTo(rebalanceDelay) < 0) {
        throw new IllegalArgumentException(
            "rebalanceMaxDelay ("
                + rebalanceMaxDelay
                + ") must not be shorter than rebalanceDelay ("
                + rebalanceDelay
                + ")");
      }
      return new GroupConfig(this, id);
    }
  }
}
