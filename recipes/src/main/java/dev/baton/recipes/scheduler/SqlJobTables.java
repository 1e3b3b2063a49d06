// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.internal.SchemaCreation;
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
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The DDL of {@link SqlJobStore}'s tables, and reading and writing their rows. */
final class SqlJobTables {
  private SqlJobTables() {}

  static List<String> ddl(String prefix) {
    List<String> all = new ArrayList<>(tables(prefix));
    all.add(claimIndex(prefix));
    all.add(purgeIndex(prefix));
    return List.copyOf(all);
  }

  /** The tables of a new store (without their indexes, which the migration creates too). */
  static List<String> tables(String prefix) {
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
            + "completed_at TIMESTAMP, attempts INT DEFAULT 0 NOT NULL, "
            + "lease_until TIMESTAMP WITH TIME ZONE, last_error VARCHAR(2000))");
  }

  /** Creates the tables and migrates an earlier jobs table, one transaction per statement. */
  static void create(Connection c, String prefix) throws SQLException {
    for (String statement : tables(prefix)) {
      SchemaCreation.execute(c, statement);
    }
    for (String statement : migration(prefix)) {
      SchemaCreation.execute(c, statement);
    }
  }

  /** The columns a jobs table of this version has (read by every claim). */
  static final String COLUMNS =
      "schedule_key, schedule, slot, job_type, scheduled_for, token, token_scope, status, "
          + "claimed_by, attempts, last_error";

  private static String claimIndex(String prefix) {
    return index(prefix, "claim", "lease_until");
  }

  private static String purgeIndex(String prefix) {
    return index(prefix, "purge", "completed_at");
  }

  /**
   * An index on the status and {@code column}, named after the prefix without its schema (an index
   * lives in its table's schema) and {@code _<what>_ix}: at most 63 characters for a prefix of 54.
   */
  private static String index(String prefix, String what, String column) {
    String name = prefix.substring(prefix.indexOf('.') + 1) + "_" + what + "_ix";
    return "CREATE INDEX IF NOT EXISTS "
        + name
        + " ON "
        + prefix
        + "_jobs (status, "
        + column
        + ")";
  }

  /** Adds the columns and indexes of this version to an earlier jobs table (idempotent). */
  static List<String> migration(String prefix) {
    return List.of(
        "ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS attempts INT DEFAULT 0 NOT NULL",
        "ALTER TABLE "
            + prefix
            + "_jobs ADD COLUMN IF NOT EXISTS lease_until TIMESTAMP WITH TIME ZONE",
        "ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS last_error VARCHAR(2000)",
        claimIndex(prefix),
        purgeIndex(prefix));
  }

  /**
   * The exception for a failed statement: a configuration error naming the fix if the table lacks
   * this version's columns (SQL state class 42), else a {@link CoordinationException}.
   */
  static RuntimeException failure(String what, String prefix, SQLException e) {
    if (isSchemaError(e)) {
      return new FenceConfigurationException(
          what
              + ": the table "
              + prefix
              + "_jobs is missing or lacks the columns of this version (attempts, lease_until, last_error); "
              + "call SqlJobStore.createSchema() or run "
              + String.join("; ", migration(prefix))
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
    return new CoordinationException(what, e);
  }

  /**
   * Deletes up to {@code limit} jobs of {@code status} completed over {@code retentionMillis} ago
   * (completed_at is in database local time, hence LOCALTIMESTAMP, which keeps the index usable).
   */
  static int purge(Connection c, String jobs, String status, long retentionMillis, int limit)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "DELETE FROM "
                + jobs
                + " WHERE schedule_key IN (SELECT schedule_key FROM "
                + jobs
                + " WHERE status = ? AND completed_at < LOCALTIMESTAMP - CAST(? AS BIGINT) * "
                + "INTERVAL '0.001' SECOND ORDER BY completed_at LIMIT ?)")) {
      p.setString(1, status);
      p.setLong(2, retentionMillis);
      p.setInt(3, limit);
      return p.executeUpdate();
    }
  }

  static boolean outdated(Connection c, String jobs) throws SQLException {
    try (Statement s = c.createStatement()) {
      // No table: createSchema() creates it, a claim names the DDL.
      return !fails(s, "SELECT * FROM " + jobs + " WHERE 1 = 0")
          && fails(s, "SELECT " + COLUMNS + ", lease_until FROM " + jobs + " WHERE 1 = 0");
    }
  }

  /** True if {@code probe} fails for a missing table or column; other failures are thrown. */
  private static boolean fails(Statement s, String probe) throws SQLException {
    try {
      s.executeQuery(probe).close();
      return false;
    } catch (SQLException e) {
      if (isSchemaError(e)) {
        return true;
      }
      throw e;
    }
  }

  private static boolean isSchemaError(SQLException e) {
    return e.getSQLState() != null && e.getSQLState().startsWith("42");
  }

  static List<ScheduledJob> select(Connection c, String sql, @Nullable String param)
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
                  Optional.ofNullable(rs.getString("claimed_by")),
                  rs.getInt("attempts"),
                  Optional.ofNullable(rs.getString("last_error"))));
        }
      }
    } catch (IllegalArgumentException e) {
      throw new FencingException(null, "a job row holds an invalid token", e);
    }
    return result;
  }

  /** The last slot of {@code schedule} a job was created for, or -1 if none was. */
  static long lastSlot(Connection c, String prefix, String schedule) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement("SELECT last_slot FROM " + prefix + "_progress WHERE schedule = ?")) {
      p.setString(1, schedule);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  /**
   * Creates the job of {@code slot} and advances the progress to it, in the fence's transaction;
   * false if the progress is at or past {@code slot}, IllegalStateException on a gap.
   */
  static boolean writeSlot(
      Connection c,
      String prefix,
      String schedule,
      FencingToken token,
      long slot,
      Instant scheduledFor,
      String jobType)
      throws SQLException {
    long last = lastSlot(c, prefix, schedule);
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
                + prefix
                + "_jobs (schedule_key, schedule, "
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
                + prefix
                + "_progress (last_slot, token, updated_at, schedule) VALUES (?, ?, "
                + "CURRENT_TIMESTAMP, ?)"
            : "UPDATE "
                + prefix
                + "_progress SET last_slot = ?, token = ?, updated_at = CURRENT_TIMESTAMP "
                + "WHERE schedule = ?";
    try (PreparedStatement p = c.prepareStatement(advance)) {
      p.setLong(1, slot);
      p.setLong(2, token.value());
      p.setString(3, schedule);
      p.executeUpdate();
    }
    return true;
  }
}
