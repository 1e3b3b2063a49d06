// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.testkit.FencedWriteLog;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a trial once its clients stopped: docs/testing.md, "Checks". Liveness is judged while the
 * trial runs ({@link ChaosRun#awaitRecovery}).
 */
public final class SafetyChecker {
  private SafetyChecker() {}

  public record Report(
      long writesAttempted, long accepted, long rejected, long jobs, List<String> violations) {}

  /** One accepted write read back from the fence's log. */
  public record Row(String resource, String writer, long token) {}

  /**
   * The fence's accepted writes so far, in commit order: the scheduler's jobs, the ZooKeeper
   * fence's write znodes (only while there is a quorum), or the SQL log.
   */
  static List<Row> readLog(
      ChaosCluster.Database db, Role role, FenceKind fence, String zkConnect, String path) {
    if (role == Role.SCHEDULER) {
      return JobLog.read(db);
    }
    return fence.logInZooKeeper()
        ? readZooKeeperLog(zkConnect, path)
        : readRows(
            db,
            ChaosProtocol.WRITES_TABLE,
            "SELECT resource, writer, token FROM " + ChaosProtocol.WRITES_TABLE + " ORDER BY id");
  }

  /** Judges the fence's log against each client's events, and the {@code jobs} if not null. */
  static Report check(List<Row> rows, Map<String, List<Event>> events, ChaosCluster.Database jobs) {
    List<String> violations = new ArrayList<>();
    FencedWriteLog log = new FencedWriteLog();
    rows.forEach(r -> log.accepted(r.resource(), r.writer(), r.token()));
    long attempted = 0;
    Map<Row, Integer> reportedAccepted = new HashMap<>();
    for (Map.Entry<String, List<Event>> client : events.entrySet()) {
      for (Event e : client.getValue()) {
        if (!e.kind().equals("WRITE")) {
          continue;
        }
        attempted++;
        Row row = new Row(e.get("resource"), client.getKey(), e.number("token"));
        switch (e.get("outcome")) {
          case "REJECTED" -> log.rejected(row.resource(), row.writer(), row.token());
          case "ACCEPTED" -> reportedAccepted.merge(row, 1, Integer::sum);
          default -> {}
        }
      }
    }
    violations.addAll(log.violations());
    Map<Row, Integer> logged = new HashMap<>();
    rows.forEach(r -> logged.merge(r, 1, Integer::sum));
    reportedAccepted.forEach(
        (row, n) -> {
          int inLog = logged.getOrDefault(row, 0);
          if (inLog < n) {
            violations.add(
                "%s: %d writes of %s with token %d reported ACCEPTED, %d in the fence's log"
                    .formatted(row.resource(), n, row.writer(), row.token(), inLog));
          }
        });
    long jobCount = jobs == null ? 0 : JobLog.check(jobs, violations);
    return new Report(attempted, log.acceptedCount(), log.rejectedCount(), jobCount, violations);
  }

  /** The rows {@code query} selects (resource, writer, token) from {@code table}, if it exists. */
  static List<Row> readRows(ChaosCluster.Database db, String table, String query) {
    List<Row> rows = new ArrayList<>();
    try (Connection c = db.connect()) {
      if (ChaosCluster.Database.tables(c, table).isEmpty()) {
        return rows;
      }
      try (PreparedStatement s = c.prepareStatement(query);
          ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          rows.add(new Row(rs.getString(1), rs.getString(2), rs.getLong(3)));
        }
      }
    } catch (SQLException e) {
      throw new ChaosFailure("cannot read " + table + " of " + db.url(), e);
    }
    return rows;
  }

  /** The ZooKeeper fence's log, in creation order. */
  static List<Row> readZooKeeperLog(String connect, String path) {
    return ZooKeeperMarks.readLog(connect, path).stream().map(ZooKeeperMarks.Logged::row).toList();
  }

  /** A write znode's data: {@code <writer>,<token>} or {@code writer=.. token=..}. */
  static Row parseZnode(String resource, String data) {
    String writer = null;
    Long token = null;
    List<String> plain = new ArrayList<>();
    for (String part : data.trim().split("[\\s,;]+")) {
      if (part.startsWith("writer=")) {
        writer = part.substring("writer=".length());
      } else if (part.startsWith("token=")) {
        token = Long.parseLong(part.substring("token=".length()));
      } else if (!part.isEmpty()) {
        plain.add(part);
      }
    }
    if (writer == null && !plain.isEmpty()) {
      writer = plain.remove(0);
    }
    if (token == null && !plain.isEmpty()) {
      token = Long.parseLong(plain.get(0));
    }
    if (writer == null || token == null) {
      throw new ChaosFailure(
          "cannot read a ZooKeeper fence write of " + resource + ": '" + data + "'");
    }
    return new Row(resource, writer, token);
  }
}
