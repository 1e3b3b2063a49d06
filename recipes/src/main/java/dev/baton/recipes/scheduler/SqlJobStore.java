// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingException;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The scheduler's store in SQL (PostgreSQL or H2): tables {@code <prefix>_jobs}, {@code
 * <prefix>_progress} and the fence table {@code <prefix>_fence}. A slot's job and the progress move
 * in one transaction with the fence's check, and the job's key is the table's primary key, so
 * neither a retry nor a second leader can create a job twice, and a stale leader creates none. See
 * {@link #ddl(String)} for the tables.
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

  private SqlJobStore(DataSource dataSource, String prefix) {
    this.dataSource = dataSource;
    this.fence = SqlFence.create(dataSource, prefix + "_fence", null);
    this.jobs = prefix + "_jobs";
    this.progress = prefix + "_progress";
  }

  /**
   * A store on tables named after {@code prefix} (a plain SQL identifier, see above).
   *
   * @throws NullPointerException if {@code dataSource} or {@code prefix} is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static SqlJobStore create(DataSource dataSource, String prefix) {
    Objects.requireNonNull(dataSource, "dataSource");
    return new SqlJobStore(dataSource, validPrefix(prefix));
  }

  /**
   * The DDL of the store's tables (the fence table's DDL is {@link SqlFenceSchema#ddl}).
   *
   * @throws NullPointerException if {@code prefix} is null
   * @throws IllegalArgumentException if the prefix is not a plain identifier
   */
  public static List<String> ddl(String prefix) {
    validPrefix(prefix);
    return List.of(
        SqlFenceSchema.ddl(prefix + "_fence"),
        "CREATE TABLE IF NOT EXISTS "
            + prefix
            + "_progress (schedule VARCHAR(255) NOT NULL PRIMARY KEY, "
            + "last_slot BIGINT NOT NULL, token BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)",
        "CREATE TABLE IF NOT EXISTS "
            + prefix
            + "_jobs (schedule_key VARCHAR(300) NOT NULL PRIMARY KEY, "
            + "schedule VARCHAR(255) NOT NULL, slot BIGINT NOT NULL, job_type VARCHAR(255) NOT NULL, "
            + "scheduled_for TIMESTAMP NOT NULL, token BIGINT NOT NULL, token_scope VARCHAR(512) NOT NULL, "
            + "status VARCHAR(16) NOT NULL, claimed_by VARCHAR(255), claimed_at TIMESTAMP, "
            + "completed_at TIMESTAMP)");
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

  /** Creates the store's tables if they do not exist. */
  public void createSchema() {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String statement : ddl(jobs.substring(0, jobs.length() - "_jobs".length()))) {
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
  public Optional<ScheduledJob> claim(String worker) {
    for (int attempt = 0; attempt < 5; attempt++) {
      try (Connection c = dataSource.getConnection()) {
        Optional<ScheduledJob> next =
            select(
                    c,
                    "SELECT * FROM "
                        + jobs
                        + " WHERE status = 'PENDING' "
                        + "ORDER BY scheduled_for, schedule_key LIMIT 1",
                    null)
                .stream()
                .findFirst();
        if (next.isEmpty()) {
          return Optional.empty();
        }
        try (PreparedStatement p =
            c.prepareStatement(
                "UPDATE "
                    + jobs
                    + " SET status = 'RUNNING', "
                    + "claimed_by = ?, claimed_at = CURRENT_TIMESTAMP WHERE schedule_key = ? AND status = 'PENDING'")) {
          p.setString(1, worker);
          p.setString(2, next.get().scheduleKey());
          if (p.executeUpdate() == 1) {
            ScheduledJob j = next.get();
            return Optional.of(
                new ScheduledJob(
                    j.scheduleKey(),
                    j.schedule(),
                    j.slot(),
                    j.jobType(),
                    j.scheduledFor(),
                    j.token(),
                    "RUNNING",
                    Optional.of(worker)));
          }
        }
      } catch (SQLException e) {
        throw new CoordinationException("cannot claim a job for " + worker, e);
      }
    }
    return Optional.empty();
  }

  @Override
  public void complete(String scheduleKey, String worker) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "UPDATE "
                    + jobs
                    + " SET status = 'DONE', "
                    + "completed_at = CURRENT_TIMESTAMP WHERE schedule_key = ? AND claimed_by = ? AND status = 'RUNNING'")) {
      p.setString(1, scheduleKey);
      p.setString(2, worker);
      if (p.executeUpdate() != 1) {
        throw new IllegalStateException(worker + " does not hold the running job " + scheduleKey);
      }
    } catch (SQLException e) {
      throw new CoordinationException("cannot complete " + scheduleKey, e);
    }
  }

  @Override
  public List<ScheduledJob> jobs(String schedule) {
    try (Connection c = dataSource.getConnection()) {
      return select(c, "SELECT * FROM " + jobs + " WHERE schedule = ? ORDER BY slot", schedule);
    } catch (SQLException e) {
      throw new CoordinationException("cannot list the jobs of " + schedule, e);
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

  private static List<ScheduledJob> select(Connection c, String sql, @Nullable String param)
      throws SQLException {
    List<ScheduledJob> result = new ArrayList<>();
    try (PreparedStatement p = c.prepareStatement(sql)) {
      if (param != null) {
        p.setString(1, param);
      }
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          result.add(
              new ScheduledJob(
                  rs.getString("schedule_key"),
                  rs.getString("schedule"),
                  rs.getLong("slot"),
                  rs.getString("job_type"),
                  rs.getTimestamp("scheduled_for").toInstant(),
                  FencingToken.of(rs.getString("token_scope"), rs.getLong("token")),
                  rs.getString("status"),
                  Optional.ofNullable(rs.getString("claimed_by"))));
        }
      }
    } catch (IllegalArgumentException e) {
      throw new FencingException(null, "a job row holds an invalid token", e);
    }
    return result;
  }
}
