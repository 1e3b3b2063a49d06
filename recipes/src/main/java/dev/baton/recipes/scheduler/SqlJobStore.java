// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.fencing.support.SafeText;
import dev.baton.recipes.CoordinationException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The scheduler's store in SQL (PostgreSQL or H2): tables {@code <prefix>_jobs}, {@code
 * <prefix>_progress} and the fence table {@code <prefix>_fence}. A slot's job and the progress move
 * in one transaction with the fence's check, and the job's key is the table's primary key, so
 * neither a retry nor a second leader can create a job twice, and a stale leader creates none. See
 * {@link #ddl(String)} for the tables.
 *
 * <p>Claims are leases in the database's time ({@link ClaimConfig}): a claim sets {@code
 * claimed_by}, {@code claimed_at}, {@code lease_until = CURRENT_TIMESTAMP + lease} and counts
 * {@code attempts} up, in one conditional update on the attempt number read, so two workers never
 * hold the same attempt. A job is claimable when it is {@code PENDING} or {@code RUNNING} and its
 * {@code lease_until} is null or passed: for a running job that is the end of its claim's lease (a
 * {@code RUNNING} row without one, claimed by a version before leases, counts as expired), for a
 * pending one released by a failed attempt ({@link #fail}) the end of its retry backoff. Renewal,
 * completion and failure are conditional on the claimer and the attempt. {@code last_error} keeps
 * the last failure ({@link ScheduledJob#describe}); {@link #purge} deletes finished jobs past their
 * retention by {@code completed_at}. Two indexes serve the claim query ({@code (status,
 * lease_until)}) and the purge ({@code (status, completed_at)}).
 *
 * <p>Tables of an earlier version get this version's columns and indexes from {@link
 * #createSchema()} (or {@link #migration(String)} run by hand); until then every claim fails with a
 * {@link FenceConfigurationException} naming the DDL, and {@link #needsMigration()} is true.
 *
 * <p>The prefix comes only from configuration and must match {@code
 * ([A-Za-z_][A-Za-z0-9_]{0,62}\.)?[A-Za-z_][A-Za-z0-9_]{0,53}} (so that {@code <prefix>_progress}
 * still fits 63 characters); every value is a bound parameter.
 */
public final class SqlJobStore implements JobStore {
  /** The default table prefix. */
  public static final String DEFAULT_PREFIX = "baton_scheduler";

  private static final Pattern PREFIX =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,53}");

  private final DataSource dataSource;
  private final SqlFence fence;
  private final String jobs;
  private final String progress;
  private final String prefix;
  private final ClaimConfig claims;

  private SqlJobStore(DataSource dataSource, String prefix, ClaimConfig claims) {
    this.dataSource = dataSource;
    this.prefix = prefix;
    this.claims = claims;
    this.fence = SqlFence.create(dataSource, prefix + "_fence", null);
    this.jobs = prefix + "_jobs";
    this.progress = prefix + "_progress";
  }

  /**
   * A store on tables named after {@code prefix} (a plain SQL identifier, see above), with the
   * {@linkplain ClaimConfig#DEFAULT default claim lease}.
   *
   * @throws NullPointerException if {@code dataSource} or {@code prefix} is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static SqlJobStore create(DataSource dataSource, String prefix) {
    return create(dataSource, prefix, ClaimConfig.DEFAULT);
  }

  /**
   * A store on tables named after {@code prefix} (a plain SQL identifier, see above), leasing its
   * jobs as {@code claims} says.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static SqlJobStore create(DataSource dataSource, String prefix, ClaimConfig claims) {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(claims, "claims");
    return new SqlJobStore(dataSource, validPrefix(prefix), claims);
  }

  /**
   * The DDL of the store's tables (the fence table's DDL is {@link SqlFenceSchema#ddl}).
   *
   * @throws NullPointerException if {@code prefix} is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static List<String> ddl(String prefix) {
    return SqlJobTables.ddl(validPrefix(prefix));
  }

  /**
   * The DDL that brings a jobs table of an earlier version up to this one: {@code ALTER TABLE
   * <prefix>_jobs ADD COLUMN IF NOT EXISTS} {@code attempts INT DEFAULT 0 NOT NULL}, {@code
   * lease_until TIMESTAMP WITH TIME ZONE} and {@code last_error VARCHAR(2000)}, then {@code CREATE
   * INDEX IF NOT EXISTS} {@code <name>_claim_ix} and {@code <name>_purge_ix} (name: the prefix
   * without its schema); idempotent, run by {@link #createSchema()}.
   *
   * @throws NullPointerException if {@code prefix} is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static List<String> migration(String prefix) {
    return SqlJobTables.migration(validPrefix(prefix));
  }

  private static String validPrefix(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (!PREFIX.matcher(prefix).matches()) {
      throw new IllegalArgumentException(
          "invalid scheduler table prefix "
              + printable(prefix)
              + ": use 1 to 54 ASCII letters, digits and underscores, not starting with a digit, optionally "
              + "schema.prefix");
    }
    return prefix;
  }

  /** A rejected prefix for a message: quoted, abbreviated, anything but printable ASCII escaped. */
  private static String printable(String s) {
    return SafeText.quoted(s, 80);
  }

  /**
   * Creates the store's tables if they do not exist, and adds the columns of this version to a jobs
   * table of an earlier one ({@link #migration(String)}).
   */
  public void createSchema() {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String statement : SqlJobTables.tables(prefix)) {
        s.execute(statement);
      }
      for (String statement : SqlJobTables.migration(prefix)) {
        s.execute(statement);
      }
    } catch (SQLException e) {
      throw new FenceConfigurationException(
          "cannot create the scheduler tables: " + e.getMessage(), e);
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
      return readProgress(c, schedule);
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
        c -> {
          long last = readProgress(c, schedule);
          if (slot <= last) {
            return false;
          }
          if (last >= 0 && slot != last + 1) {
            throw new IllegalStateException(
                "slot " + slot + " of " + schedule + " would skip after " + last);
          }
          try (PreparedStatement p =
              c.prepareStatement(
                  "INSERT INTO "
                      + jobs
                      + " (schedule_key, schedule, "
                      + "slot, job_type, scheduled_for, token, token_scope, status) VALUES (?, ?, ?, ?, ?, ?, ?, "
                      + "'PENDING')")) {
            p.setString(1, ScheduledJob.keyOf(schedule, slot));
            p.setString(2, schedule);
            p.setLong(3, slot);
            p.setString(4, jobType);
            p.setTimestamp(5, Timestamp.from(scheduledFor));
            p.setLong(6, token.value());
            p.setString(7, token.scope());
            p.executeUpdate();
          }
          String advance =
              last < 0
                  ? "INSERT INTO "
                      + progress
                      + " (last_slot, token, updated_at, schedule) VALUES (?, ?, "
                      + "CURRENT_TIMESTAMP, ?)"
                  : "UPDATE "
                      + progress
                      + " SET last_slot = ?, token = ?, updated_at = CURRENT_TIMESTAMP "
                      + "WHERE schedule = ?";
          try (PreparedStatement p = c.prepareStatement(advance)) {
            p.setLong(1, slot);
            p.setLong(2, token.value());
            p.setString(3, schedule);
            p.executeUpdate();
          }
          return true;
        });
  }

  @Override
  public ClaimConfig claimConfig() {
    return claims;
  }

  @Override
  public Optional<ScheduledJob> claim(String worker) {
    Objects.requireNonNull(worker, "worker");
    String claimable =
        "status IN ('PENDING', 'RUNNING') AND (lease_until IS NULL "
            + "OR lease_until <= CURRENT_TIMESTAMP)";
    try (Connection c = dataSource.getConnection()) {
      for (int tries = 0; tries < 10; tries++) {
        Optional<ScheduledJob> next =
            SqlJobTables.select(
                    c,
                    "SELECT "
                        + SqlJobTables.COLUMNS
                        + " FROM "
                        + jobs
                        + " WHERE "
                        + claimable
                        + " ORDER BY scheduled_for, schedule_key LIMIT 1",
                    null)
                .stream()
                .findFirst();
        if (next.isEmpty()) {
          return Optional.empty();
        }
        ScheduledJob job = next.get();
        boolean exhausted = job.attempts() >= claims.maxAttempts();
        String update =
            exhausted
                ? "UPDATE "
                    + jobs
                    + " SET status = 'FAILED', lease_until = NULL, completed_at = CURRENT_TIMESTAMP"
                    + " WHERE schedule_key = ? AND attempts = ? AND "
                    + claimable
                : "UPDATE "
                    + jobs
                    + " SET status = 'RUNNING', claimed_by = ?, claimed_at = CURRENT_TIMESTAMP, "
                    + "lease_until = "
                    + leaseEnd()
                    + ", attempts = attempts + 1 WHERE schedule_key = ? AND attempts = ? AND "
                    + claimable;
        try (PreparedStatement p = c.prepareStatement(update)) {
          int i = 1;
          if (!exhausted) {
            p.setString(i++, worker);
            p.setLong(i++, claims.lease().toMillis());
          }
          p.setString(i++, job.scheduleKey());
          p.setInt(i, job.attempts());
          if (p.executeUpdate() == 1 && !exhausted) {
            return Optional.of(job.claimedFor(worker));
          }
        }
      }
      return Optional.empty();
    } catch (SQLException e) {
      throw SqlJobTables.failure("cannot claim a job for " + worker, prefix, e);
    }
  }

  @Override
  public boolean renew(ScheduledJob claim) {
    return updateClaim(claim, "lease_until = " + leaseEnd(), "renew", claims.lease().toMillis());
  }

  @Override
  public boolean complete(ScheduledJob claim) {
    return updateClaim(
        claim, "status = 'DONE', completed_at = CURRENT_TIMESTAMP, lease_until = NULL", "complete");
  }

  @Override
  public boolean fail(ScheduledJob claim, Throwable error) {
    Objects.requireNonNull(claim, "claim");
    Objects.requireNonNull(error, "error");
    String text = ScheduledJob.describe(error);
    if (claim.attempts() >= claims.maxAttempts()) {
      return updateClaim(
          claim,
          "status = 'FAILED', completed_at = CURRENT_TIMESTAMP, lease_until = NULL, last_error = ?",
          "fail",
          text);
    }
    return updateClaim(
        claim,
        "status = 'PENDING', lease_until = " + leaseEnd() + ", last_error = ?",
        "release",
        claims.retryDelay(claim.attempts()).toMillis(),
        text);
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

  /**
   * True if the jobs table exists but lacks a column of this version (it was created by an earlier
   * one): then {@link #createSchema()} or {@link #migration(String)} must run before the store is
   * used. False if it is current or does not exist.
   *
   * @throws dev.baton.recipes.CoordinationException if the database cannot be read
   */
  public boolean needsMigration() {
    try (Connection c = dataSource.getConnection()) {
      return SqlJobTables.outdated(c, jobs);
    } catch (SQLException e) {
      throw new CoordinationException("cannot read the table " + jobs, e);
    }
  }

  /**
   * A time from now, in the database's time; its one parameter is the offset in ms (the lease for a
   * claim, the retry delay for a failed attempt).
   */
  private static String leaseEnd() {
    return "CURRENT_TIMESTAMP + CAST(? AS BIGINT) * INTERVAL '0.001' SECOND";
  }

  /**
   * Updates the job of {@code claim} if the claim still holds it; {@code values} fill {@code set}.
   */
  private boolean updateClaim(ScheduledJob claim, String set, String what, Object... values) {
    String worker = claim.claimer();
    try (Connection c = dataSource.getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "UPDATE "
                    + jobs
                    + " SET "
                    + set
                    + " WHERE schedule_key = ? AND claimed_by = ? AND attempts = ? "
                    + "AND status = 'RUNNING'")) {
      int i = 1;
      for (Object value : values) {
        p.setObject(i++, value);
      }
      p.setString(i++, claim.scheduleKey());
      p.setString(i++, worker);
      p.setInt(i, claim.attempts());
      return p.executeUpdate() == 1;
    } catch (SQLException e) {
      throw SqlJobTables.failure(
          "cannot " + what + " " + claim.scheduleKey() + " for " + worker, prefix, e);
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

  private long readProgress(Connection c, String schedule) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement("SELECT last_slot FROM " + progress + " WHERE schedule = ?")) {
      p.setString(1, schedule);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }
}
