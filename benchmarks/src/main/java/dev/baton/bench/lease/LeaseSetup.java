// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.testkit.SqlTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * What the benchmark's JVM and its child JVMs share: the PostgreSQL URL, the run's id (lower-case
 * letters and digits, which name the tables {@code bl_<run>_<system>...}), the common lease and
 * poll interval.
 */
record LeaseSetup(String url, String runId, long leaseMs, long pollMs) {
  private static final String SPRING_SCHEMA =
      "/org/springframework/integration/jdbc/schema-postgresql.sql";

  LeaseSetup {
    if (!runId.matches("[a-z0-9]{1,12}")) {
      throw new IllegalArgumentException("run id must be 1 to 12 lower-case letters or digits");
    }
  }

  Duration lease() {
    return Duration.ofMillis(leaseMs);
  }

  Duration poll() {
    return Duration.ofMillis(pollMs);
  }

  /**
   * A fresh counting data source for candidate {@code id}: one per candidate, its connections named
   * {@link #applicationName(String)} on the server.
   */
  CountingDataSource dataSource(String id) {
    String separator = url.contains("?") ? "&" : "?";
    return new CountingDataSource(
        new DriverManagerDataSource(url + separator + "ApplicationName=" + applicationName(id)));
  }

  /** The server's {@code application_name} of candidate {@code id}'s connections. */
  String applicationName(String id) {
    if (!id.matches("[a-z0-9-]{1,40}")) {
      throw new IllegalArgumentException("a candidate id is lower-case letters, digits and dashes");
    }
    return "bl-" + runId + "-" + id;
  }

  /** What candidate {@code id}'s sessions are doing on the server, by {@code pg_stat_activity}. */
  record Sessions(int active, int idleInTransaction) {}

  /**
   * What candidate {@code id}'s sessions are doing: how many run a statement, and how many have a
   * transaction open and wait for the client ({@code idle in transaction}: such a session keeps the
   * row locks it took until the client goes on).
   */
  Sessions sessions(String id) throws SQLException {
    try (Connection c = plainDataSource().getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "SELECT COUNT(*) FILTER (WHERE state = 'active'),"
                    + " COUNT(*) FILTER (WHERE state LIKE 'idle in transaction%')"
                    + " FROM pg_stat_activity WHERE application_name = ?")) {
      p.setString(1, applicationName(id));
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return new Sessions(rs.getInt(1), rs.getInt(2));
      }
    }
  }

  /** A plain data source for set-up and checks, not counted. */
  DataSource plainDataSource() {
    return new DriverManagerDataSource(url);
  }

  private String prefix(LeaseSystem system) {
    return "bl_" + runId + "_" + system.tablePart();
  }

  /** Baton's lease table, ShedLock's lock table, Spring's {@code <prefix>LOCK}. */
  String lockTable(LeaseSystem system) {
    return system == LeaseSystem.SPRING_JDBC ? springPrefix() + "lock" : prefix(system);
  }

  /** The table prefix of Spring's {@code DefaultLockRepository} (its table is prefix + LOCK). */
  String springPrefix() {
    return prefix(LeaseSystem.SPRING_JDBC) + "_";
  }

  /** Baton's fence table (only Baton has one). */
  String fenceTable() {
    return prefix(LeaseSystem.BATON) + "_fence";
  }

  /** The table the pause test writes to. */
  String dataTable(LeaseSystem system) {
    return prefix(system) + "_data";
  }

  /** Creates the tables of {@code system} (Baton's lease table through its backend). */
  void createTables(LeaseSystem system) throws SQLException {
    DataSource db = plainDataSource();
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE "
              + dataTable(system)
              + " (writer VARCHAR(64) NOT NULL, label VARCHAR(64) NOT NULL)");
      switch (system) {
        case BATON -> {
          SqlFenceSchema.create(db, fenceTable());
          LeaseBackend.create(db, BatonLease.config(this)); // creates the lease table
        }
        case SHEDLOCK ->
            // ShedLock's documented PostgreSQL table
            s.execute(
                "CREATE TABLE "
                    + lockTable(system)
                    + " (name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL,"
                    + " locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL,"
                    + " PRIMARY KEY (name))");
        case SPRING_JDBC -> s.execute(springLockDdl().replace("INT_", springPrefix()));
      }
    }
  }

  /** Drops every table of {@code system}, if it exists. */
  void dropTables(LeaseSystem system) {
    List<String> tables =
        switch (system) {
          case BATON -> List.of(lockTable(system), fenceTable(), dataTable(system));
          case SHEDLOCK, SPRING_JDBC -> List.of(lockTable(system), dataTable(system));
        };
    SqlTables.drop(plainDataSource(), tables.toArray(String[]::new));
  }

  /** The {@code CREATE TABLE INT_LOCK} statement of spring-integration-jdbc's PostgreSQL schema. */
  static String springLockDdl() {
    try (InputStream in = LeaseSetup.class.getResourceAsStream(SPRING_SCHEMA)) {
      if (in == null) {
        throw new IllegalStateException(SPRING_SCHEMA + " is not on the classpath");
      }
      String schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Matcher m =
          Pattern.compile("CREATE TABLE INT_LOCK\\s*\\(.*?\\);", Pattern.DOTALL).matcher(schema);
      if (!m.find()) {
        throw new IllegalStateException(SPRING_SCHEMA + " has no CREATE TABLE INT_LOCK");
      }
      String ddl = m.group();
      return ddl.substring(0, ddl.length() - 1); // without the semicolon
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The arguments that carry this setup to a child JVM. */
  List<String> toArgs() {
    return List.of(url, runId, Long.toString(leaseMs), Long.toString(pollMs));
  }

  /** Reads {@link #toArgs()} from {@code args} at {@code from}. */
  static LeaseSetup fromArgs(String[] args, int from) {
    return new LeaseSetup(
        args[from], args[from + 1], Long.parseLong(args[from + 2]), Long.parseLong(args[from + 3]));
  }
}
