// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.stale;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.fencing.zookeeper.ZkFence;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.curator.framework.CuratorFramework;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The three real fences of the stale-leader tests (PostgreSQL, H2 over TCP, ZooKeeper), each
 * guarding the same kind of write: a row (or znode) named after a label, written with the writer's
 * token. Used both by the test and by the child JVM that plays the stale leader.
 */
final class FencedStores {
  static final String RESOURCE = "stale-test";

  private final Map<String, DataSource> sql = new LinkedHashMap<>();
  private final Map<String, SqlFence> sqlFences = new LinkedHashMap<>();
  private final String table;
  private final ZkFence zkFence;
  private final CuratorFramework zk;
  private final String zkWrites;

  FencedStores(String pgUrl, String h2Url, String table, CuratorFramework zk, String zkBase) {
    PGSimpleDataSource pg = new PGSimpleDataSource();
    pg.setURL(pgUrl);
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL(h2Url);
    sql.put("postgresql", pg);
    sql.put("h2", h2);
    this.table = table;
    for (Map.Entry<String, DataSource> e : sql.entrySet()) {
      sqlFences.put(e.getKey(), SqlFence.create(e.getValue(), table + "_fence", "writer"));
    }
    this.zk = zk;
    this.zkFence = ZkFence.create(zk, zkBase + "/fences");
    this.zkWrites = zkBase + "/writes";
  }

  /** Creates the fence and write tables (run once, by the test). */
  void createSchema() throws Exception {
    for (DataSource ds : sql.values()) {
      SqlFenceSchema.create(ds, table + "_fence");
      try (Connection c = ds.getConnection();
          Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE IF NOT EXISTS "
                + table
                + "_writes (label VARCHAR(64) PRIMARY KEY, token BIGINT NOT NULL)");
      }
    }
    zk.create().creatingParentsIfNeeded().forPath(zkWrites);
  }

  /** Drops the tables {@link #createSchema()} made. */
  void dropSchema() {
    for (DataSource ds : sql.values()) {
      dev.baton.testkit.SqlTables.drop(ds, table + "_writes", table + "_fence");
    }
  }

  /**
   * Writes {@code label} with {@code token} through every fence; "ACCEPTED" or "REJECTED ..." each.
   */
  Map<String, String> writeAll(String label, FencingToken token) {
    Map<String, String> results = new LinkedHashMap<>();
    for (Map.Entry<String, SqlFence> e : sqlFences.entrySet()) {
      results.put(
          e.getKey(),
          outcome(
              () ->
                  e.getValue()
                      .write(
                          RESOURCE,
                          token,
                          c -> {
                            try (PreparedStatement p =
                                c.prepareStatement(
                                    "INSERT INTO "
                                        + table
                                        + "_writes (label, token) VALUES (?, ?)")) {
                              p.setString(1, label);
                              p.setLong(2, token.value());
                              p.executeUpdate();
                            }
                            return null;
                          })));
    }
    results.put(
        "zookeeper",
        outcome(
            () ->
                zkFence.write(
                    RESOURCE,
                    token,
                    tx ->
                        tx.add(
                            tx.ops()
                                .create()
                                .forPath(
                                    zkWrites + "/" + label,
                                    Long.toString(token.value())
                                        .getBytes(StandardCharsets.UTF_8))))));
    return results;
  }

  /** Which stores hold a write labelled {@code label}. */
  Map<String, Boolean> visible(String label) throws Exception {
    Map<String, Boolean> seen = new LinkedHashMap<>();
    for (Map.Entry<String, DataSource> e : sql.entrySet()) {
      try (Connection c = e.getValue().getConnection();
          PreparedStatement p =
              c.prepareStatement("SELECT 1 FROM " + table + "_writes WHERE label = ?")) {
        p.setString(1, label);
        try (ResultSet rs = p.executeQuery()) {
          seen.put(e.getKey(), rs.next());
        }
      }
    }
    seen.put("zookeeper", zk.checkExists().forPath(zkWrites + "/" + label) != null);
    return seen;
  }

  private interface Write {
    Object run() throws SQLException;
  }

  private static String outcome(Write w) {
    try {
      w.run();
      return "ACCEPTED";
    } catch (FencingException e) {
      return "REJECTED " + e.getClass().getSimpleName() + ": " + e.getMessage();
    } catch (SQLException | RuntimeException e) {
      return "FAILED " + e;
    }
  }
}
