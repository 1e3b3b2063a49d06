// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The rows a leader of {@link SqlJobStore} writes for a slot: the slot's job and the schedule's
 * progress, on the connection of the fence's transaction.
 */
final class SqlJobSlots {
  private final String jobs;
  private final String progress;

  SqlJobSlots(String jobs, String progress) {
    this.jobs = jobs;
    this.progress = progress;
  }

  /** The last slot of {@code schedule} a job was created for, or -1 if none was. */
  long lastSlot(Connection c, String schedule) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement("SELECT last_slot FROM " + progress + " WHERE schedule = ?")) {
      p.setString(1, schedule);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  /**
   * Creates the job of {@code slot} and advances the progress to it, unless the slot already has
   * one.
   *
   * @return false if the progress is already at or past {@code slot}
   * @throws IllegalStateException if the slot would skip one after the progress
   */
  boolean write(
      Connection c,
      String schedule,
      FencingToken token,
      long slot,
      Instant scheduledFor,
      String jobType)
      throws SQLException {
    long last = lastSlot(c, schedule);
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
  }
}
