// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * The leader-only scheduler's job store on the application's {@code DataSource}: {@code
 * baton.scheduler.*}. Unset values take {@code SqlJobStore}'s and {@code ClaimConfig}'s defaults.
 *
 * @param tablePrefix The prefix of the store's tables (prefix_jobs, prefix_progress, prefix_fence),
 *     optionally schema-qualified: up to 54 ASCII letters, digits and underscores, not starting
 *     with a digit.
 * @param createSchema When Baton manages the store's tables at start-up, as spring.sql.init.mode
 *     does for scripts: always, embedded (only on an embedded database such as H2) or never. When
 *     it does, missing tables are created and tables of an earlier version migrated (columns and
 *     indexes added); when it does not, a table of an earlier version stops the start-up with the
 *     DDL to run.
 * @param claimLease How long a worker's claim on a job holds without renewal, in the database's
 *     time; workers renew it every third of it while the job runs. At least 100 ms.
 * @param maxAttempts How many claims a job gets before it is marked FAILED. At least 1.
 * @param retryBackoff How long a job whose handler failed waits before its second attempt, in the
 *     database's time; the wait doubles with every further attempt up to max-retry-backoff. Zero or
 *     more.
 * @param maxRetryBackoff The longest wait between two attempts of a failing job. At least
 *     retry-backoff.
 * @param doneRetention How long a DONE job is kept (from its completion, in the database's time)
 *     before the workers delete it. At least 1s.
 * @param failedRetention How long a FAILED job is kept before the workers delete it. At least 1s.
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
