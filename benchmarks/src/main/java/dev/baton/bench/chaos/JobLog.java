// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scheduler's side of the checker: its jobs as the fence's log (writer: {@code job_type}), and
 * per schedule one job a slot from 0 to the recorded progress, tokens never going back.
 */
final class JobLog {
  /** The scheduler client's job table (its job store's prefix is {@code chaos}). */
  static final String JOBS_TABLE = "chaos_jobs";

  /** The resource the scheduler client names in its WRITE events. */
  static final String SCHEDULER_RESOURCE = "schedule";

  /** The first slot of every chaos schedule ({@code --schedule-start-ms}). */
  static final long FIRST_SLOT = 0;

  private JobLog() {}

  /** The job rows as accepted writes, in slot order: resource {@code schedule}, writer job_type. */
  static List<SafetyChecker.Row> read(ChaosCluster.Database db) {
    return SafetyChecker.readRows(
        db,
        JOBS_TABLE,
        "SELECT '%s', job_type, token FROM %s ORDER BY schedule, slot"
            .formatted(SCHEDULER_RESOURCE, JOBS_TABLE));
  }

  /**
   * Checks every {@code chaos*_jobs} table against its {@code _progress}; returns the number of
   * jobs.
   */
  static long check(ChaosCluster.Database db, List<String> violations) {
    long count = 0;
    try (Connection c = db.connect()) {
      for (String table : ChaosCluster.Database.tables(c, "chaos")) {
        String lower = table.toLowerCase(Locale.ROOT);
        if (lower.endsWith("_jobs")) {
          String progress = table.substring(0, table.length() - "_jobs".length()) + "_progress";
          count += checkTable(c, table, progress(c, progress), violations);
        }
      }
    } catch (SQLException e) {
      throw new ChaosFailure("cannot read the scheduler's jobs of " + db.url(), e);
    }
    return count;
  }

  /** Per schedule, the recorded last slot (an empty map when the table does not exist). */
  private static Map<String, Long> progress(Connection c, String table) throws SQLException {
    Map<String, Long> out = new HashMap<>();
    if (ChaosCluster.Database.tables(c, table.toLowerCase(Locale.ROOT)).isEmpty()) {
      return out;
    }
    try (PreparedStatement s = c.prepareStatement("SELECT schedule, last_slot FROM " + table);
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getLong(2));
      }
    }
    return out;
  }

  private static long checkTable(
      Connection c, String table, Map<String, Long> progress, List<String> violations)
      throws SQLException {
    long count = 0;
    Map<String, Long> lastSlot = new HashMap<>();
    try (PreparedStatement s =
            c.prepareStatement(
                "SELECT schedule, slot, token FROM " + table + " ORDER BY schedule, slot");
        ResultSet rs = s.executeQuery()) {
      String schedule = null;
      long slot = 0;
      long token = 0;
      while (rs.next()) {
        count++;
        String sch = rs.getString(1);
        long sl = rs.getLong(2);
        long tk = rs.getLong(3);
        if (!sch.equals(schedule) && sl != FIRST_SLOT) {
          violations.add(
              table + ": schedule " + sch + " begins at slot " + sl + ", not " + FIRST_SLOT);
        }
        if (sch.equals(schedule)) {
          if (sl != slot + 1) {
            violations.add(
                "%s: schedule %s has slot %d after slot %d (%s)"
                    .formatted(table, sch, sl, slot, sl == slot ? "a job twice" : "a gap"));
          }
          if (tk < token) {
            violations.add(
                "%s: schedule %s slot %d has token %d, older than slot %d's %d"
                    .formatted(table, sch, sl, tk, slot, token));
          }
        }
        schedule = sch;
        slot = sl;
        token = tk;
        lastSlot.put(sch, sl);
      }
    }
    progress.forEach(
        (sch, recorded) -> {
          Long last = lastSlot.get(sch);
          if (last == null || last.longValue() != recorded) {
            violations.add(
                "%s: schedule %s recorded progress up to slot %d, its last job is %s"
                    .formatted(table, sch, recorded, last == null ? "missing" : "slot " + last));
          }
        });
    lastSlot.forEach(
        (sch, last) -> {
          if (!progress.containsKey(sch)) {
            violations.add(
                table + ": schedule " + sch + " has jobs up to slot " + last + ", no progress");
          }
        });
    return count;
  }
}
