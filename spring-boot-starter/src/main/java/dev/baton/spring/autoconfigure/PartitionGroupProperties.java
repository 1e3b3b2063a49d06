// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code baton.partitions.<name>.*}: one partition group, joined by {@code <name>PartitionGroup}.
 */
public class PartitionGroupProperties {
  /** The group's znode path (absolute, no '@'). Required. */
  private @Nullable String path;

  /**
   * Partitions 0..n-1, 1 to 100,000; when unset, the partition set is read from ZooKeeper (set with
   * GroupAdmin).
   */
  private @Nullable Integer partitionCount;

  /**
   * This member's id, 1 to 128 characters of A-Za-z0-9._:@-; defaults to baton.instance-id. Keep it
   * stable across restarts (a pod name) so rejoin-grace can give the partitions back. A second live
   * member with the same id takes nothing and reports duplicateMemberId in its health.
   */
  private @Nullable String memberId;

  /** Relative capacity, 1 to 10,000: partitions are shared in proportion to weight. */
  private int weight = 1;

  /** Failure zone (rack, availability zone) for zone-aware strategies. */
  private @Nullable String zone;

  /** How long a departed member's partitions wait for it to come back with the same id. */
  private Duration rejoinGrace = Duration.ZERO;

  /** How long a released partition waits for its revoked callback before it is handed over. */
  private Duration drainTimeout = Duration.ofSeconds(10);

  /** Quiet period after a membership change before the assignment is recomputed. */
  private Duration rebalanceDelay = Duration.ofMillis(200);

  /** Upper bound of that quiet period under continuous change; at least rebalance-delay. */
  private Duration rebalanceMaxDelay = Duration.ofSeconds(2);

  /** Whether the group bean exists at all. */
  private boolean enabled = true;

  /** Whether the group is joined when the application context starts. */
  private boolean autoStartup = true;

  /** The path, if set. */
  public @Nullable String getPath() {
    return path;
  }

  /** Sets the path. */
  public void setPath(@Nullable String path) {
    this.path = path;
  }

  /** The partition count, if set. */
  public @Nullable Integer getPartitionCount() {
    return partitionCount;
  }

  /** Sets the partition count. */
  public void setPartitionCount(@Nullable Integer partitionCount) {
    this.partitionCount = partitionCount;
  }

  /** The member id, if set. */
  public @Nullable String getMemberId() {
    return memberId;
  }

  /** Sets the member id. */
  public void setMemberId(@Nullable String memberId) {
    this.memberId = memberId;
  }

  /** The weight. */
  public int getWeight() {
    return weight;
  }

  /** Sets the weight. */
  public void setWeight(int weight) {
    this.weight = weight;
  }

  /** The zone, if set. */
  public @Nullable String getZone() {
    return zone;
  }

  /** Sets the zone. */
  public void setZone(@Nullable String zone) {
    this.zone = zone;
  }

  /** The rejoin grace. */
  public Duration getRejoinGrace() {
    return rejoinGrace;
  }

  /** Sets the rejoin grace. */
  public void setRejoinGrace(Duration rejoinGrace) {
    this.rejoinGrace = rejoinGrace;
  }

  /** The drain timeout. */
  public Duration getDrainTimeout() {
    return drainTimeout;
  }

  /** Sets the drain timeout. */
  public void setDrainTimeout(Duration drainTimeout) {
    this.drainTimeout = drainTimeout;
  }

  /** The rebalance delay. */
  public Duration getRebalanceDelay() {
    return rebalanceDelay;
  }

  /** Sets the rebalance delay. */
  public void setRebalanceDelay(Duration rebalanceDelay) {
    this.rebalanceDelay = rebalanceDelay;
  }

  /** The rebalance max delay. */
  public Duration getRebalanceMaxDelay() {
    return rebalanceMaxDelay;
  }

  /** Sets the rebalance max delay. */
  public void setRebalanceMaxDelay(Duration rebalanceMaxDelay) {
    this.rebalanceMaxDelay = rebalanceMaxDelay;
  }

  /** Whether the group is enabled. */
  public boolean isEnabled() {
    return enabled;
  }

  /** Sets whether the group is enabled. */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** Whether the group is joined when the context starts. */
  public boolean isAutoStartup() {
    return autoStartup;
  }

  /** Sets whether the group is joined when the context starts. */
  public void setAutoStartup(boolean autoStartup) {
    this.autoStartup = autoStartup;
  }
}
