// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code baton.lease.*}, the lease backend's settings ({@code LeaseConfig} defaults unset ones).
 *
 * @param leaseDuration Lease length per acquisition or renewal (database clock); a crashed leader's
 *     successor waits at most lease-duration + poll-interval * (1 + poll-jitter), 17.5s by default.
 * @param safetyMargin Stop acting this long before the lease ends; shorter than lease-duration.
 * @param renewInterval Renewal period; with renew-timeout, at most lease-duration - safety-margin.
 * @param renewTimeout How long one statement may take on the network before it counts as failed.
 * @param pollInterval How often a follower tries to take the lease.
 * @param pollJitter Random extra wait per poll, up to this fraction (0-1) of poll-interval.
 * @param table The lease table, a plain SQL identifier, optionally schema.table.
 * @param createTable Create or upgrade the lease table and NAME_tokens sequence at start-up; else a
 *     missing, misshapen or older table, or a sequence below its highest token, fails the start.
 * @param listen PostgreSQL: wake followers by LISTEN/NOTIFY on release (holds a pooled connection).
 */
public record LeaseProperties(
    @Nullable Duration leaseDuration,
    @Nullable Duration safetyMargin,
    @Nullable Duration renewInterval,
    @Nullable Duration renewTimeout,
    @Nullable Duration pollInterval,
    @Nullable Double pollJitter,
    @Nullable String table,
    @Nullable Boolean createTable,
    @Nullable Boolean listen) {}
