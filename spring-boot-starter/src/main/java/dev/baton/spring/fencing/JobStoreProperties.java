// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * The leader-only scheduler's job store on the application's {@code DataSource}: {@code
 * baton.scheduler.*}; unset values take {@code SqlJobStore}'s and {@code ClaimConfig}'s defaults.
 *
 * @param tablePrefix Prefix of the store's tables (prefix_jobs, _progress, _fence), optionally
 *     schema-qualified: up to 54 ASCII letters, digits and underscores, not starting with a digit.
 * @param createSchema When Baton creates or migrates its tables at start-up: always, embedded (e.g.
 *     H2) or never (an older table then fails the start with the DDL to run).
 * @param claimLease Claim lifetime unrenewed (database time; renewed each third); at least 100 ms.
 * @param maxAttempts How many claims a job gets before it is marked FAILED; at least 1.
 * @param retryBackoff Delay before retrying a failed job, doubling up to max-retry-backoff.
 * @param maxRetryBackoff Longest wait between a failing job's attempts; at least retry-backoff.
 * @param doneRetention How long a DONE job is kept after completion before deletion; at least 1s.
 * @param failedRetention How long a FAILED job is kept before deletion; at least 1s.
 */
@ConfigurationProperties("baton.scheduler")
public record JobStoreProperties(
    @Nullable String tablePrefix,
    @DefaultValue("embedded") DatabaseInitializationMode createSchema,
    @Nullable Duration claimLease,
    @Nullable Integer maxAttempts,
    @Nullable Duration retryBackoff,
    @Nullable Duration maxRetryBackoff,
    @Nullable Duration doneRetention,
    @Nullable Duration failedRetention) {}
