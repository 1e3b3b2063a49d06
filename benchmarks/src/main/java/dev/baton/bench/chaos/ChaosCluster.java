// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.testkit.PostgresFixture;
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
 * What every trial shares: three ZooKeeper server processes and the database servers; each trial
 * gets a fresh path and database (a PostgreSQL that does not answer fails, never falls back to H2).
 */
public final class ChaosCluster implements AutoCloseable {
  /** System property naming the PostgreSQL JDBC URL of the {@code postgres} trials. */
  public static final String JDBC_PROPERTY = "baton.chaos.jdbc";

  static final Duration QUORUM_TIMEOUT = Duration.ofSeconds(60);

  private final ZkProcessEnsemble ensemble;
  private final Server h2;
  private final String runId =
      Long.toString(ProcessHandle.current().pid(), 36)
          + Long.toString(System.nanoTime() % 1_000_000, 36);
  private final AtomicInteger trials = new AtomicInteger();

  private ChaosCluster(ZkProcessEnsemble ensemble, Server h2) {
    this.ensemble = ensemble;
    this.h2 = h2;
  }

  /** Starts the ensemble (3 servers) and the H2 server. */
  public static ChaosCluster start() {
    Server h2 = null;
    try {
      h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
      return new ChaosCluster(ZkProcessEnsemble.start(3), h2);
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

  /** The PostgreSQL URL of the {@code postgres} trials. */
  public static String postgresUrl() {
    String url = System.getProperty(JDBC_PROPERTY);
    if (url == null || url.isBlank()) {
      url = PostgresFixture.url();
    }
    return url;
  }

  String newPath(String label) {
    return "/baton-chaos/" + runId + "/" + label;
  }

  /**
   * A fresh, empty database of {@code kind} for one trial; {@link ChaosFailure} if its server does
   * not answer.
   */
  Database newDatabase(ChaosOptions.Db kind) {
    int n = trials.incrementAndGet();
    String name = "chaos_" + runId + "_" + n;
    if (kind == ChaosOptions.Db.H2) {
      return new Database(
          "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + name + ";DB_CLOSE_DELAY=-1",
          null,
          "127.0.0.1",
          h2.getPort(),
          kind);
    }
    String base = postgresUrl();
    URI uri = URI.create(base.substring("jdbc:".length()));
    try (Connection c = DriverManager.getConnection(base);
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + name);
    } catch (SQLException e) {
      throw new ChaosFailure(
          "cannot create schema " + name + " on PostgreSQL at " + base + " (db=postgres)", e);
    }
    return new Database(
        base + (base.contains("?") ? "&" : "?") + "currentSchema=" + name,
        base,
        uri.getHost(),
        uri.getPort() < 0 ? 5432 : uri.getPort(),
        kind);
  }

  /** Brings the ensemble back to three serving servers. */
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

  /**
   * One trial's database: its URL, on PostgreSQL the server's URL without its schema (else null).
   */
  public record Database(String url, String adminUrl, String host, int port, ChaosOptions.Db kind) {
    /** The same URL with the server's address replaced by {@code 127.0.0.1:proxyPort}. */
    public String throughProxy(int proxyPort) {
      return url.replace(host + ":" + port, "127.0.0.1:" + proxyPort);
    }

    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url);
    }

    /** Forgets the trial's data: H2 drops its in-memory database, PostgreSQL the trial's schema. */
    void drop() {
      String schema = kind == ChaosOptions.Db.H2 ? null : url.substring(url.lastIndexOf('=') + 1);
      try (Connection c =
              kind == ChaosOptions.Db.H2 ? connect() : DriverManager.getConnection(adminUrl);
          Statement s = c.createStatement()) {
        if (schema == null) {
          s.execute("DROP ALL OBJECTS");
          s.execute("SHUTDOWN");
        } else {
          s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
      } catch (SQLException e) {
        System.err.println("chaos: cannot drop the trial's database " + url + ": " + e);
      }
    }

    /** Names of the tables whose lower-case name starts with {@code prefix}. */
    static List<String> tables(Connection c, String prefix) throws SQLException {
      List<String> out = new ArrayList<>();
      DatabaseMetaData md = c.getMetaData();
      try (ResultSet rs = md.getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
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
