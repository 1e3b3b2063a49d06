// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.internal.SafeText;
import dev.baton.recipes.CoordinationException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The scheduler's store in SQL (PostgreSQL or H2): tables {@code <prefix>_jobs}, {@code
 * <prefix>_progress} and the fence table {@code <prefix>_fence} ({@link #ddl(String)}). A slot's
 * job and the progress move in one transaction with the fence's check, keyed by the job, so neither
 * a retry nor a second leader creates a job twice, and a stale leader creates none. A claim is one
 * conditional update on the attempt read, leased in the database's time, so two workers never hold
 * one attempt.
 *
 * <p>Earlier tables are migrated by {@link #createSchema()} (or {@link #migration(String)} by
 * hand); until then claims fail with a {@link FenceConfigurationException} naming the DDL. The
 * prefix must be a plain SQL identifier, optionally schema-qualified, with {@code
 * <prefix>_progress} within 63 characters; every value is a bound parameter.
 */
public final class SqlJobStore implements JobStore {
  /** The default table prefix. */
  public static final String DEFAULT_PREFIX = "baton_scheduler";

  private static final Pattern PREFIX =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,53}");

  private final DataSource dataSource;
  private final SqlFence fence;
  private final String jobs;
  private final String prefix;
  private final ClaimConfig claims;
  private final SqlJobClaims claimRows;

  private SqlJobStore(DataSource dataSource, String prefix, ClaimConfig claims) {
    this.dataSource = dataSource;
    this.prefix = prefix;
    this.claims = claims;
    this.fence = SqlFence.create(dataSource, prefix + "_fence", null);
    this.jobs = prefix + "_jobs";
    this.claimRows = new SqlJobClaims(dataSource, jobs, prefix, claims);
  }

  /** A store on tables named after {@code prefix}, with {@link ClaimConfig#DEFAULT}. */
  public static SqlJobStore create(DataSource dataSource, String prefix) {
    return create(dataSource, prefix, ClaimConfig.DEFAULT);
  }

  /** A store on tables named after {@code prefix}, leasing jobs as {@code claims} says. */
  public static SqlJobStore create(DataSource dataSource, String prefix, ClaimConfig claims) {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(claims, "claims");
    return new SqlJobStore(dataSource, validPrefix(prefix), claims);
  }

  /** The DDL of the store's tables (the fence table's DDL is {@link SqlFenceSchema#ddl}). */
  public static List<String> ddl(String prefix) {
    return SqlJobTables.ddl(validPrefix(prefix));
  }

  /**
   * The idempotent DDL that brings an earlier jobs table up to this one ({@code ALTER TABLE ... ADD
   * COLUMN IF NOT EXISTS} {@code attempts}, {@code lease_until}, {@code last_error}, then {@code
   * CREATE INDEX IF NOT EXISTS} {@code <name>_claim_ix}, {@code <name>_purge_ix}, name: the prefix
   * without its schema); run by {@link #createSchema()}.
   */
  public static List<String> migration(String prefix) {
    return SqlJobTables.migration(validPrefix(prefix));
  }

  private static String validPrefix(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (!PREFIX.matcher(prefix).matches()) {
      throw new IllegalArgumentException(
          "invalid scheduler table prefix "
              + SafeText.quoted(prefix, 80)
              + ": use 1 to 54 ASCII letters, digits and underscores, not starting with a digit, optionally "
              + "schema.prefix");
    }
    return prefix;
  }

  /**
   * Creates missing tables and migrates an earlier jobs table; concurrent instances all succeed.
   *
   * @throws FenceConfigurationException if a statement fails, naming the tables
   */
  public void createSchema() {
    try (Connection c = dataSource.getConnection()) {
      SqlJobTables.create(c, prefix);
    } catch (SQLException e) {
      throw new FenceConfigurationException(
          "cannot create the scheduler tables "
              + String.join(", ", prefix + "_fence", prefix + "_progress", jobs)
              + ": "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public void registerTerm(String schedule, FencingToken token) {
    // The fence check alone registers the term: the action writes nothing (its result is unused).
    fence.write(JobStore.resourceOf(schedule), token, c -> token);
  }

  @Override
  public long lastScheduledSlot(String schedule) {
    try (Connection c = dataSource.getConnection()) {
      return SqlJobTables.lastSlot(c, prefix, schedule);
    } catch (SQLException e) {
      throw new CoordinationException("cannot read the progress of " + schedule, e);
    }
  }

  @Override
  public boolean createSlotJob(
      String schedule, FencingToken token, long slot, Instant scheduledFor, String jobType) {
    return fence.write(
        JobStore.resourceOf(schedule),
        token,
        c -> SqlJobTables.writeSlot(c, prefix, schedule, token, slot, scheduledFor, jobType));
  }

  @Override
  public ClaimConfig claimConfig() {
    return claims;
  }

  @Override
  public Optional<ScheduledJob> claim(String worker) {
    return claimRows.claim(worker);
  }

  @Override
  public boolean renew(ScheduledJob claim) {
    return claimRows.renew(claim);
  }

  @Override
  public boolean complete(ScheduledJob claim) {
    return claimRows.complete(claim);
  }

  @Override
  public boolean fail(ScheduledJob claim, Throwable error) {
    return claimRows.fail(claim, error);
  }

  @Override
  public int purge(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    try (Connection c = dataSource.getConnection()) {
      int done =
          SqlJobTables.purge(c, jobs, ScheduledJob.DONE, claims.doneRetention().toMillis(), limit);
      if (done == limit) {
        return done;
      }
      return done
          + SqlJobTables.purge(
              c, jobs, ScheduledJob.FAILED, claims.failedRetention().toMillis(), limit - done);
    } catch (SQLException e) {
      throw SqlJobTables.failure("cannot delete the finished jobs", prefix, e);
    }
  }

  /** True if an existing jobs table lacks this version's columns: run {@link #createSchema()}. */
  public boolean needsMigration() {
    try (Connection c = dataSource.getConnection()) {
      return SqlJobTables.outdated(c, jobs);
    } catch (SQLException e) {
      throw new CoordinationException("cannot read the table " + jobs, e);
    }
  }

  @Override
  public List<ScheduledJob> jobs(String schedule) {
    try (Connection c = dataSource.getConnection()) {
      return SqlJobTables.select(
          c,
          "SELECT " + SqlJobTables.COLUMNS + " FROM " + jobs + " WHERE schedule = ? ORDER BY slot",
          schedule);
    } catch (SQLException e) {
      throw SqlJobTables.failure("cannot list the jobs of " + schedule, prefix, e);
    }
  }
}
