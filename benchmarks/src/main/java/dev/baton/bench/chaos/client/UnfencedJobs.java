// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import dev.baton.fencing.FencingToken;
import dev.baton.recipes.scheduler.ScheduledJob;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The scheduler's negative control ({@code --fence=none}): jobs created in {@link SqlJobStore}'s
 * tables without a fence and without a unique slot key, so a leader that decided before its term
 * ended inserts its job after its successor's.
 */
final class UnfencedJobs {
  private final HikariDataSource pool;
  private final String jobs;
  private final String progress;
  private final WriteGate gate;

  UnfencedJobs(HikariDataSource pool, String prefix, WriteGate gate) {
    this.pool = pool;
    this.jobs = prefix + "_jobs";
    this.progress = prefix + "_progress";
    this.gate = gate;
  }

  /** Creates the jobs table without its primary key, before {@link SqlJobStore#createSchema()}. */
  void createJobsTable(String prefix) throws SQLException {
    for (String ddl : SqlJobStore.ddl(prefix)) {
      if (ddl.contains(" " + jobs + " ")) {
        try (Connection c = pool.getConnection();
            Statement s = c.createStatement()) {
          s.execute(ddl.replace(" NOT NULL PRIMARY KEY", " NOT NULL"));
        }
      }
    }
  }

  /** Creates the slot's job unless the progress says it exists; true if this call inserted it. */
  boolean createSlotJob(
      String schedule,
      FencingToken token,
      long slot,
      Instant scheduledFor,
      String jobType,
      String resource)
      throws SQLException {
    try (Connection c = pool.getConnection()) {
      long last = lastSlot(c, schedule);
      if (slot <= last) {
        return false;
      }
      return gate.through( // decided: a HOLD keeps it here
          resource,
          token.value(),
          () -> {
            insert(c, schedule, token, slot, scheduledFor, jobType);
            return true;
          });
    }
  }

  private void insert(
      Connection c,
      String schedule,
      FencingToken token,
      long slot,
      Instant scheduledFor,
      String jobType)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO "
                + jobs
                + " (schedule_key, schedule, slot, job_type, scheduled_for, token, token_scope,"
                + " status) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING')")) {
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
        lastSlot(c, schedule) < 0
            ? "INSERT INTO "
                + progress
                + " (last_slot, token, updated_at, schedule) VALUES (?, ?, CURRENT_TIMESTAMP, ?)"
            : "UPDATE "
                + progress
                + " SET last_slot = ?, token = ?, updated_at = CURRENT_TIMESTAMP WHERE schedule = ?";
    try (PreparedStatement p = c.prepareStatement(advance)) {
      p.setLong(1, slot);
      p.setLong(2, token.value());
      p.setString(3, schedule);
      p.executeUpdate();
    }
  }

  private long lastSlot(Connection c, String schedule) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement("SELECT last_slot FROM " + progress + " WHERE schedule = ?")) {
      p.setString(1, schedule);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }
}
