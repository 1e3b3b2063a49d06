// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.testkit.ZkProcessEnsemble;
import java.net.URI;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.tools.Server;

/**
 * What every trial shares: a ZooKeeper ensemble of three real server processes and a database
 * server (an H2 TCP server of this JVM by default; PostgreSQL when {@code -Dbaton.chaos.jdbc=<url>}
 * or {@code BATON_PG_URL} names one). Each trial gets a fresh database (H2: a new in-memory
 * database of the server; PostgreSQL: the {@code chaos*} tables dropped) and a fresh ZooKeeper
 * path. {@link #close()} stops the servers; nothing is left running.
 */
public final class ChaosCluster implements AutoCloseable {
  /** System property naming an external JDBC URL (PostgreSQL) instead of the embedded H2 server. */
  public static final String JDBC_PROPERTY = "baton.chaos.jdbc";

  static final Duration QUORUM_TIMEOUT = Duration.ofSeconds(60);

  private final ZkProcessEnsemble ensemble;
  private final Server h2;
  private final String externalUrl;
  private final String runId =
      Long.toString(ProcessHandle.current().pid(), 36)
          + Long.toString(System.nanoTime() % 1_000_000, 36);
  private final AtomicInteger trials = new AtomicInteger();

  private ChaosCluster(ZkProcessEnsemble ensemble, Server h2, String externalUrl) {
    this.ensemble = ensemble;
    this.h2 = h2;
    this.externalUrl = externalUrl;
  }

  /** Starts the ensemble (3 servers) and the database server. */
  public static ChaosCluster start() {
    String external = System.getProperty(JDBC_PROPERTY);
    if (external == null || external.isBlank()) {
      external = System.getenv("BATON_PG_URL");
    }
    if (external != null && external.isBlank()) {
      external = null;
    }
    Server h2 = null;
    ZkProcessEnsemble ensemble = null;
    try {
      if (external == null) {
        h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
      }
      ensemble = ZkProcessEnsemble.start(3);
      return new ChaosCluster(ensemble, h2, external);
    } catch (SQLException e) {
      throw new ChaosFailure("cannot start the H2 server", e);
    } catch (RuntimeException e) {
      if (h2 != null) {
        h2.stop();
      }
      throw e;
    }
  }

  public ZkProcessEnsemble ensemble() {
    return ensemble;
  }

  /** "h2" or "postgresql". */
  public String databaseKind() {
    return externalUrl == null ? "h2" : "postgresql";
  }

  /** A fresh ZooKeeper base path for one trial. */
  String newPath(String label) {
    return "/baton-chaos/" + runId + "/" + label;
  }

  /** A fresh, empty database for one trial. */
  Database newDatabase() {
    int n = trials.incrementAndGet();
    if (externalUrl == null) {
      String name = "chaos_" + runId + "_" + n;
      return new Database(
          "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + name + ";DB_CLOSE_DELAY=-1",
          "127.0.0.1",
          h2.getPort(),
          true);
    }
    URI uri = URI.create(externalUrl.substring("jdbc:".length()));
    Database db =
        new Database(externalUrl, uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), false);
    db.dropChaosTables();
    return db;
  }

  /**
   * Brings the ensemble back to three serving servers: restarts any server not running, resumes a
   * paused one, waits for the quorum.
   */
  public void restore() {
    for (int i = 0; i < ensemble.size(); i++) {
      if (!ensemble.isRunning(i)) {
        ensemble.restart(i);
      } else if (ensemble.isPaused(i)) {
        ensemble.resume(i);
      }
    }
    ensemble.awaitQuorum(QUORUM_TIMEOUT);
  }

  @Override
  public void close() {
    try {
      ensemble.close();
    } finally {
      if (h2 != null) {
        h2.stop();
      }
    }
  }

  /** One trial's database: its direct URL, and the URL of the same database through a proxy. */
  public static final class Database {
    private final String url;
    private final String host;
    private final int port;
    private final boolean h2;

    Database(String url, String host, int port, boolean h2) {
      this.url = url;
      this.host = host;
      this.port = port;
      this.h2 = h2;
    }

    public String url() {
      return url;
    }

    public String host() {
      return host;
    }

    public int port() {
      return port;
    }

    /** The same URL with the server's address replaced by {@code 127.0.0.1:proxyPort}. */
    public String throughProxy(int proxyPort) {
      return url.replace(host + ":" + port, "127.0.0.1:" + proxyPort);
    }

    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url);
    }

    /** Forgets the trial's data: H2 drops its in-memory database, PostgreSQL the chaos tables. */
    void drop() {
      if (h2) {
        try (Connection c = connect();
            Statement s = c.createStatement()) {
          s.execute("DROP ALL OBJECTS");
          s.execute("SHUTDOWN");
        } catch (SQLException e) {
          // the database is gone already
        }
      } else {
        dropChaosTables();
      }
    }

    void dropChaosTables() {
      try (Connection c = connect();
          Statement s = c.createStatement()) {
        for (String table : tables(c, "chaos")) {
          s.execute("DROP TABLE IF EXISTS " + table + " CASCADE");
        }
      } catch (SQLException e) {
        throw new ChaosFailure("cannot clear the chaos tables of " + url, e);
      }
    }

    /** Names of the tables whose lower-case name starts with {@code prefix}. */
    static List<String> tables(Connection c, String prefix) throws SQLException {
      List<String> out = new ArrayList<>();
      DatabaseMetaData md = c.getMetaData();
      try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE"})) {
        while (rs.next()) {
          String schema = rs.getString("TABLE_SCHEM");
          String name = rs.getString("TABLE_NAME");
          if (schema != null
              && (schema.equalsIgnoreCase("INFORMATION_SCHEMA")
                  || schema.equalsIgnoreCase("pg_catalog"))) {
            continue;
          }
          if (name.toLowerCase(Locale.ROOT).startsWith(prefix)) {
            out.add(name);
          }
        }
      }
      return out;
    }
  }
}
