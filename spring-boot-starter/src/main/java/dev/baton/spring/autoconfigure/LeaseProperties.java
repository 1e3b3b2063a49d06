// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code baton.lease.*}: the lease-record backend's settings ({@code baton.backend=lease}), mapped
 * onto {@code dev.baton.recipes.lease.LeaseConfig}, which supplies the defaults of unset values.
 *
 * @param leaseDuration How long the database grants the lease from each acquisition or renewal, by
 *     its own clock. A crashed leader's successor waits at most lease-duration + poll-interval * (1
 *     + poll-jitter) (17.5s with the defaults), usually less, as the lease runs from the last
 *     renewal.
 * @param safetyMargin The leader stops acting this much before its lease ends, by its own monotonic
 *     clock. Must be shorter than lease-duration.
 * @param renewInterval How often the leader renews its lease. renew-interval + renew-timeout must
 *     not exceed lease-duration - safety-margin.
 * @param renewTimeout How long one statement may take on the network before it counts as failed.
 * @param pollInterval How often a follower tries to take the lease.
 * @param pollJitter Each poll waits a random extra part of poll-interval, up to this fraction (0 to
 *     1), so that followers do not poll in step.
 * @param table The lease table, a plain SQL identifier, optionally schema.table.
 * @param createTable Create the lease table and its token sequence (the table's name and _tokens)
 *     at start-up if they do not exist, and a table of an earlier version is upgraded; when false
 *     they are only checked, and a missing, misshapen or older table, or a sequence below the
 *     table's highest token, fails the start.
 * @param listen On PostgreSQL, followers also wake on LISTEN/NOTIFY when a leader releases, so a
 *     graceful handover does not wait for a poll (one pooled connection per DataSource and table is
 *     kept open for it, shared by all the application's elections on them).
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
