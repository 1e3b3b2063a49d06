// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A SQL store of fence-overhead (PostgreSQL or H2): per side ({@link Mode}) one connection with
 * auto-commit off and one row of {@value #DATA_TABLE}; a write is one UPDATE in a transaction of
 * its own, preceded on the fenced sides by {@code SqlFence.acceptInTransaction}. The fence table is
 * {@value #FENCE_TABLE}, not the tests' one; a run's rows are deleted at the end.
 */
final class SqlStore implements FenceStore {
  static final String FENCE_TABLE = "bench_fence";
  static final String DATA_TABLE = "bench_counter";
  static final String SCOPE = "/bench/fence-overhead";
  static final long FIRST_TOKEN = 1_000;

  private static final String UPDATE =
      "UPDATE "
          + DATA_TABLE
          + " SET counter = counter + 1, updated_at = CURRENT_TIMESTAMP WHERE id = ?";

  private final String key;
  private final String displayUrl;
  private final DriverManagerDataSource dataSource;
  private final SqlFence fence;
  private final String extras;
  private final Map<Mode, Connection> connections = new EnumMap<>(Mode.class);
  private final Map<Mode, String> rows = new EnumMap<>(Mode.class);
  private final Map<Mode, Long> writes = new EnumMap<>(Mode.class);
  private final String sameTermResource;
  private final String newTermResource;
  private final FencingToken sameTermToken = FencingToken.of(SCOPE, FIRST_TOKEN);
  private long newTermValue = FIRST_TOKEN;

  private SqlStore(String key, String url, String displayUrl, String runId) throws SQLException {
    this.key = key;
    this.displayUrl = displayUrl;
    this.dataSource = new DriverManagerDataSource(url);
    this.sameTermResource = "fence-overhead/" + runId + "/same-term";
    this.newTermResource = "fence-overhead/" + runId + "/new-term";
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      c.setAutoCommit(true);
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + DATA_TABLE
              + " (id VARCHAR(64) NOT NULL PRIMARY KEY,"
              + " counter BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
      SqlFenceSchema.create(dataSource, FENCE_TABLE);
      for (Mode mode : Mode.values()) {
        String id = runId + "-" + mode.key();
        rows.put(mode, id);
        writes.put(mode, 0L);
        try (PreparedStatement p =
            c.prepareStatement(
                "INSERT INTO "
                    + DATA_TABLE
                    + " (id, counter, updated_at) VALUES (?, 0, CURRENT_TIMESTAMP)")) {
          p.setString(1, id);
          p.executeUpdate();
        }
      }
      this.extras = key.equals("postgresql") ? postgresSettings(s) : "";
    }
    this.fence = SqlFence.create(dataSource, FENCE_TABLE, "bench-fence-overhead");
    for (Mode mode : Mode.values()) {
      Connection c = dataSource.getConnection();
      c.setAutoCommit(false);
      connections.put(mode, c);
    }
  }

  /**
   * Connects and sets up the tables.
   *
   * @throws BenchmarkFailure if the database cannot be reached or set up
   */
  static SqlStore open(String key, String url, String runId) {
    String display = url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    try {
      return new SqlStore(key, url, display, runId);
    } catch (SQLException | RuntimeException e) {
      String hint =
          key.equals("postgresql")
              ? " Start the local server with test-support/postgres-up (as root; benchmarks/run does this when"
                  + " BATON_PG_URL is unset) or point BATON_PG_URL at a PostgreSQL server."
              : "";
      String message = String.valueOf(e.getMessage()).strip();
      if (message.endsWith(".")) {
        message = message.substring(0, message.length() - 1);
      }
      throw new BenchmarkFailure(
          "cannot use " + key + " at " + display + ": " + message + "." + hint);
    }
  }

  private static String postgresSettings(Statement s) throws SQLException {
    String syncCommit = show(s, "synchronous_commit");
    String fsync = show(s, "fsync");
    if (!"on".equals(fsync)) {
      System.err.println(
          "[fence-overhead] WARNING: this PostgreSQL server runs with fsync="
              + fsync
              + ": commits are not durable and the numbers are not comparable to a normal server");
    }
    return " synchronous_commit=" + syncCommit + " pg_fsync=" + fsync;
  }

  private static String show(Statement s, String setting) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
      return rs.next() ? rs.getString(1) : "?";
    }
  }

  String displayUrl() {
    return displayUrl;
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String resultExtras() {
    return extras;
  }

  @Override
  public void write(Mode mode) throws Exception {
    Connection c = connections.get(mode);
    try {
      switch (mode) {
        case FENCED -> fence.acceptInTransaction(c, sameTermResource, sameTermToken);
        case NEW_TERM ->
            fence.acceptInTransaction(c, newTermResource, FencingToken.of(SCOPE, ++newTermValue));
        case UNFENCED -> {}
        default -> throw new IllegalStateException(mode.toString());
      }
      update(c, rows.get(mode));
      c.commit();
    } catch (Exception e) {
      c.rollback();
      throw e;
    }
    writes.merge(mode, 1L, Long::sum);
  }

  private static void update(Connection c, String row) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(UPDATE)) {
      p.setString(1, row);
      if (p.executeUpdate() != 1) {
        throw new BenchmarkFailure("the counter row " + row + " is missing");
      }
    }
  }

  @Override
  public void verify() throws Exception {
    for (Mode mode : Mode.values()) {
      long counter = counter(mode);
      if (counter != writes.get(mode)) {
        throw new BenchmarkFailure(
            "%s: the %s row counts %d writes, %d were committed"
                .formatted(key, mode.key(), counter, writes.get(mode)));
      }
    }
    expectHighest(sameTermResource, sameTermToken);
    expectHighest(newTermResource, FencingToken.of(SCOPE, newTermValue));
    // A stale token: the fence must reject it and the transaction's own write must not commit.
    Connection c = connections.get(Mode.FENCED);
    long before = counter(Mode.FENCED);
    try {
      fence.acceptInTransaction(c, sameTermResource, FencingToken.of(SCOPE, FIRST_TOKEN - 1));
      update(c, rows.get(Mode.FENCED));
      c.commit();
      throw new BenchmarkFailure(key + ": the fence accepted a stale token");
    } catch (StaleTokenException expected) {
      c.rollback();
    }
    if (counter(Mode.FENCED) != before) {
      throw new BenchmarkFailure(key + ": a write with a stale token changed the row");
    }
  }

  private void expectHighest(String resource, FencingToken expected) {
    FencingToken highest = fence.highest(resource).orElse(null);
    if (!expected.equals(highest)) {
      throw new BenchmarkFailure(
          key + ": the fence of " + resource + " holds " + highest + ", expected " + expected);
    }
  }

  private long counter(Mode mode) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement p =
            c.prepareStatement("SELECT counter FROM " + DATA_TABLE + " WHERE id = ?")) {
      p.setString(1, rows.get(mode));
      try (ResultSet rs = p.executeQuery()) {
        if (!rs.next()) {
          throw new BenchmarkFailure(key + ": the counter row " + rows.get(mode) + " is missing");
        }
        return rs.getLong(1);
      }
    }
  }

  @Override
  public void close() {
    for (Connection c : connections.values()) {
      try {
        c.rollback();
        c.close();
      } catch (SQLException e) {
        // closing anyway
      }
    }
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(true);
      try (PreparedStatement p =
          c.prepareStatement("DELETE FROM " + DATA_TABLE + " WHERE id = ?")) {
        for (String row : rows.values()) {
          p.setString(1, row);
          p.executeUpdate();
        }
      }
      try (PreparedStatement p =
          c.prepareStatement("DELETE FROM " + FENCE_TABLE + " WHERE resource = ?")) {
        for (String resource : new String[] {sameTermResource, newTermResource}) {
          p.setString(1, resource);
          p.executeUpdate();
        }
      }
    } catch (SQLException e) {
      System.err.println(
          "[fence-overhead] " + key + ": could not delete the run's rows: " + e.getMessage());
    }
  }
}
