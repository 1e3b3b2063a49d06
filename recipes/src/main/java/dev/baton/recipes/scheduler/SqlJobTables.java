// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.CoordinationException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The DDL of {@link SqlJobStore}'s tables, and reading their rows. */
final class SqlJobTables {
  private SqlJobTables() {}

  /** The tables of a new store, with every column of this version. */
  static List<String> ddl(String prefix) {
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
            + "lease_until TIMESTAMP WITH TIME ZONE)");
  }

  /** Adds the claim-lease columns to a jobs table of a version before them (idempotent). */
  static List<String> migration(String prefix) {
    return List.of(
        "ALTER TABLE " + prefix + "_jobs ADD COLUMN IF NOT EXISTS attempts INT DEFAULT 0 NOT NULL",
        "ALTER TABLE "
            + prefix
            + "_jobs ADD COLUMN IF NOT EXISTS lease_until TIMESTAMP WITH TIME ZONE");
  }

  /**
   * The exception for a failed statement: a configuration error naming the fix if the table lacks
   * this version's columns (SQL state class 42), else a {@link CoordinationException}.
   */
  static RuntimeException failure(String what, String prefix, SQLException e) {
    String state = e.getSQLState();
    if (state != null && state.startsWith("42")) {
      return new FenceConfigurationException(
          what
              + ": the table "
              + prefix
              + "_jobs is missing or lacks the columns of this version (attempts, lease_until); "
              + "call SqlJobStore.createSchema() or run "
              + String.join("; ", migration(prefix))
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
    return new CoordinationException(what, e);
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
                  rs.getInt("attempts")));
        }
      }
    } catch (IllegalArgumentException e) {
      throw new FencingException(null, "a job row holds an invalid token", e);
    }
    return result;
  }
}
