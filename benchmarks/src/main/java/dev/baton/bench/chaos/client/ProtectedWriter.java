// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.fencing.zookeeper.ZkFence;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One protected write through the {@code --fence}, logged in the same atomic unit for the
 * orchestrator: {@code sql}, a {@code chaos_writes} row in the {@link SqlFence}'s transaction;
 * {@code zk}, a znode {@code <path>/writes/<resource>/w-} ({@code <writer>,<token>}) in the {@link
 * ZkFence}'s multi; {@code none} the row alone (the znode without {@code --jdbc}); {@code zk_none}
 * the znode alone. Passes the {@link WriteGate}, prints {@code WRITE}, never throws. Thread-safe.
 */
public final class ProtectedWriter {
  /** The write results, named as in the protocol. */
  public enum Outcome {
    ACCEPTED,
    REJECTED,
    FAILED
  }

  /** The SQL fence table of the chaos writes (the scheduler's job store has its own). */
  public static final String SQL_FENCE_TABLE = SqlFenceSchema.DEFAULT_TABLE;

  private static final Logger log = LoggerFactory.getLogger(ProtectedWriter.class);
  private static final String INSERT =
      "INSERT INTO " + ChaosProtocol.WRITES_TABLE + " (resource, writer, token) VALUES (?, ?, ?)";

  private final FenceKind kind;
  private final String id;
  private final String path;
  private final EventOut out;
  private final HikariDataSource pool; // null without --jdbc
  private final SqlFence sqlFence; // fence=sql
  private final CuratorFramework zk; // null on the lease backend (fences sql and none only)
  private final ZkFence zkFence; // fence=zk
  private final Set<String> parentsMade = ConcurrentHashMap.newKeySet();
  private final WriteGate gate;

  ProtectedWriter(
      ClientArgs args,
      Optional<HikariDataSource> pool,
      CuratorFramework zk,
      EventOut out,
      WriteGate gate) {
    this.kind = args.fence();
    this.gate = gate;
    this.id = args.id();
    this.path = args.path();
    this.out = out;
    this.pool = pool.orElse(null);
    this.zk = zk;
    this.sqlFence = kind == FenceKind.SQL ? SqlFence.create(this.pool, SQL_FENCE_TABLE, id) : null;
    this.zkFence = kind == FenceKind.ZK ? ZkFence.create(zk, path + "/fence") : null;
  }

  /** The parent of the write znodes of {@code resource}. */
  public static String writesPath(String path, String resource) {
    return path + "/writes/" + resource;
  }

  /** Creates the fence table and {@code chaos_writes} if missing, with {@link Retries}. */
  static void createTables(HikariDataSource pool, boolean fence) throws SQLException {
    Retries.run(
        "creating the chaos tables",
        pool,
        () -> {
          try (Connection c = pool.getConnection();
              Statement s = c.createStatement()) {
            if (fence) {
              s.execute(SqlFenceSchema.ddl(SQL_FENCE_TABLE));
            }
            s.execute(ChaosProtocol.WRITES_DDL);
          }
          return null;
        });
  }

  /** Writes once with {@code token} and prints the outcome. Never throws. */
  public Outcome write(String resource, FencingToken token) {
    // the write is decided: a HOLD keeps it here
    return gate.through(resource, token.value(), () -> send(resource, token));
  }

  private Outcome send(String resource, FencingToken token) {
    Outcome outcome;
    try {
      switch (kind) {
        case SQL ->
            sqlFence.write(
                path + "/" + resource,
                token,
                c -> {
                  insertRow(c, resource, token);
                  return null;
                });
        case ZK -> {
          String node = writeNode(resource);
          byte[] data = data(token);
          zkFence.write(
              resource,
              token,
              tx -> {
                tx.add(
                    tx.ops()
                        .create()
                        .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
                        .forPath(node, data));
                return null;
              });
        }
        case NONE, ZK_NONE -> {
          if (kind == FenceKind.NONE && pool != null) {
            try (Connection c = pool.getConnection()) {
              insertRow(c, resource, token);
            }
          } else {
            zk.create()
                .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
                .forPath(writeNode(resource), data(token));
          }
        }
        default -> throw new IllegalStateException("unknown fence " + kind);
      }
      outcome = Outcome.ACCEPTED;
    } catch (StaleTokenException e) {
      log.info("write of {} with token {} rejected: {}", resource, token.value(), e.getMessage());
      outcome = Outcome.REJECTED;
    } catch (Exception e) {
      log.warn("write of {} with token {} failed", resource, token.value(), e);
      if (pool != null) {
        pool.getHikariPoolMXBean().softEvictConnections();
      }
      outcome = Outcome.FAILED;
    }
    out.event("WRITE", "resource", resource, "token", token.value(), "outcome", outcome);
    return outcome;
  }

  private void insertRow(Connection c, String resource, FencingToken token) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(INSERT)) {
      p.setString(1, resource);
      p.setString(2, id);
      p.setLong(3, token.value());
      p.executeUpdate();
    }
  }

  private byte[] data(FencingToken token) {
    return (id + "," + token.value()).getBytes(StandardCharsets.UTF_8);
  }

  /** The prefix of {@code resource}'s write znodes, their parent made if missing. */
  private String writeNode(String resource) throws Exception {
    String parent = writesPath(path, resource);
    if (!parentsMade.contains(resource)) {
      try {
        zk.create().creatingParentsIfNeeded().forPath(parent);
      } catch (KeeperException.NodeExistsException exists) {
        // made before, or by another client
      }
      parentsMade.add(resource);
    }
    return parent + "/w-";
  }

  static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
