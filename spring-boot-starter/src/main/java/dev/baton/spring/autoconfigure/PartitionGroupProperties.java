// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.partitions.<name>.*}: one partition group, joined by {@code <name>PartitionGroup}.
 * Unset values take {@code GroupConfig}'s defaults.
 *
 * @param path The group's znode path (absolute, no '@'). Required.
 * @param partitionCount Partitions 0..n-1, 1 to 100,000; when unset, the partition set is read from
 *     ZooKeeper (set with GroupAdmin).
 * @param memberId This member's id, 1 to 128 characters of A-Za-z0-9._:@-; defaults to
 *     baton.instance-id. Keep it stable across restarts (a pod name) so rejoin-grace can give the
 *     partitions back. A second live member with the same id takes nothing and reports
 *     duplicateMemberId in its health.
 * @param weight Relative capacity, 1 to 10,000: partitions are shared in proportion to weight.
 * @param zone Failure zone (rack, availability zone) for zone-aware strategies.
 * @param rejoinGrace How long a departed member's partitions wait for it to come back with the same
 *     id.
 * @param drainTimeout How long a released partition waits for its revoked callback before it is
 *     handed over.
 * @param rebalanceDelay Quiet period after a membership change before the assignment is recomputed.
 * @param rebalanceMaxDelay Upper bound of that quiet period under continuous change; at least
 *     rebalance-delay.
 * @param enabled Whether the group bean exists at all.
 * @param autoStartup Whether the group is joined when the application context starts.
 */
public record PartitionGroupProperties(
    @Nullable String path,
    @Nullable Integer partitionCount,
    @Nullable String memberId,
    @Nullable Integer weight,
    @Nullable String zone,
    @Nullable Duration rejoinGrace,
    @Nullable Duration drainTimeout,
    @Nullable Duration rebalanceDelay,
    @Nullable Duration rebalanceMaxDelay,
    @DefaultValue("true") boolean enabled,
    @DefaultValue("true") boolean autoStartup)
    implements NamedBeanRegistrar.Entry {}
