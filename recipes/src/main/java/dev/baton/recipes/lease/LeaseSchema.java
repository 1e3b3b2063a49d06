// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.sql.SqlDialect;
import dev.baton.internal.SafeText;
import dev.baton.internal.SchemaCreation;
import dev.baton.recipes.spi.StoreUnavailableException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease table and its token sequence ({@link #ddl}), for PostgreSQL and H2. Times are {@code
 * TIMESTAMP WITH TIME ZONE}, the same instants as {@code CURRENT_TIMESTAMP} in any session zone. An
 * earlier table is migrated ({@link LeaseTokens}) if configured, else refused.
 */
final class LeaseSchema {
  private static final Logger log = LoggerFactory.getLogger(LeaseSchema.class);

  /** The longest PostgreSQL identifier, and so the longest {@code NOTIFY} channel. */
  private static final int MAX_CHANNEL = 63;

  /** The width of the holder column: room for the longest participant id and its suffix. */
  static final int HOLDER_WIDTH = 512;

  private static final String[] TIME_COLUMNS = {"expires_at", "acquired_at", "renewed_at"};

  /** A plain identifier, optionally schema-qualified, each part fitting PostgreSQL's 63 bytes. */
  private static final Pattern NAME =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,62}$");

  private LeaseSchema() {}

  /** Returns {@code table} if a plain SQL identifier, else throws IllegalArgumentException. */
  static String validTable(String table) {
    if (!NAME.matcher(Objects.requireNonNull(table, "table")).matches()) {
      throw new IllegalArgumentException(
          "invalid LeaseConfig.table "
              + SafeText.quoted(table, 80)
              + ": the lease table's name must be 1 to 63 ASCII letters, digits and underscores,"
              + " not starting with a digit, optionally schema.table");
    }
    return table;
  }

  /** The DDL that creates {@code table} and its token sequence, two statements; checks the name. */
  public static String ddl(String table) {
    return tableDdl(table) + ";\n" + LeaseTokens.sequenceDdl(table, 1);
  }

  private static String tableDdl(String table) {
    return "CREATE TABLE IF NOT EXISTS "
        + validTable(table)
        + " (name VARCHAR(512) NOT NULL PRIMARY KEY, holder VARCHAR("
        + HOLDER_WIDTH
        + "), token BIGINT NOT NULL, "
        + "expires_at TIMESTAMP WITH TIME ZONE NOT NULL, acquired_at TIMESTAMP WITH TIME ZONE, "
        + "renewed_at TIMESTAMP WITH TIME ZONE)";
  }

  /**
   * Finds the dialect; if {@link LeaseConfig#createTable()}, creates or migrates the table and
   * sequence; checks the columns' time zones and that the sequence is above the highest token.
   *
   * @throws LeaseTableException if the database is not PostgreSQL or H2, or the table is misshapen
   * @throws StoreUnavailableException if the database failed otherwise
   */
  public static SqlDialect prepare(DataSource dataSource, LeaseConfig config) {
    String table = config.table();
    try (Connection c = dataSource.getConnection()) {
      SqlDialect dialect;
      try {
        dialect = SqlDialect.of(c);
      } catch (FenceConfigurationException e) {
        throw new LeaseTableException(
            table, "the lease backend supports PostgreSQL and H2 only: " + e.getMessage(), e);
      }
      try {
        if (config.createTable()) {
          create(c, table, tableDdl(table)); // committed: a failure below keeps the table
        }
        int holderWidth = checkShape(c, table);
        checkUniqueName(c, table);
        LeaseTokens.upgrade(c, dialect, table, holderWidth, config.createTable());
        LeaseTokens.check(c, dialect, table);
        commit(c);
      } catch (SQLException | RuntimeException e) {
        rollback(c, e);
        throw e;
      }
      return dialect;
    } catch (SQLException e) {
      if (isSchemaProblem(e)) {
        throw tableProblem(table, e);
      }
      throw new StoreUnavailableException(
          "cannot prepare the lease table " + table + ": " + e.getMessage(), e);
    }
  }

  /** Runs one idempotent DDL statement in its own transaction; a lost creation race is fine. */
  static void create(Connection c, String table, String ddl) throws SQLException {
    if (!SchemaCreation.execute(c, ddl)) {
      log.debug("lease table {}: created concurrently", table);
    }
  }

  /** Checks the columns and their time zones; returns the holder column's width (0 if unknown). */
  private static int checkShape(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT name, holder, token, expires_at, acquired_at, renewed_at FROM "
                    + table
                    + " WHERE 1 = 0")) {
      ResultSetMetaData meta = rs.getMetaData();
      for (int i = 0; i < TIME_COLUMNS.length; i++) {
        String type = meta.getColumnTypeName(4 + i).toLowerCase(Locale.ROOT);
        if (!type.equals("timestamptz") && !type.equals("timestamp with time zone")) {
          throw new LeaseTableException(
              table,
              "the lease table "
                  + table
                  + " has column "
                  + TIME_COLUMNS[i]
                  + " of type "
                  + type
                  + ", not TIMESTAMP WITH TIME ZONE: clients in different time zones would disagree"
                  + " on expiry; recreate it with: "
                  + ddl(table));
        }
      }
      return meta.getPrecision(2);
    }
  }

  // Needs a primary key or unique index on name alone, else two first acquisitions may both insert
  // the row (H2's MERGE does) and lead with token 1. A table the metadata hides is only logged.
  private static void checkUniqueName(Connection c, String table) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    int dot = table.indexOf('.');
    String schema = dot >= 0 ? folded(meta, table.substring(0, dot)) : c.getSchema();
    String name = folded(meta, table.substring(dot + 1));
    try (ResultSet columns = meta.getColumns(null, schema, name, null)) {
      if (!columns.next()) {
        log.warn(
            "cannot check that lease table {} has a unique name: the database's metadata does not"
                + " show it as {}.{}",
            table,
            schema,
            name);
        return;
      }
    }
    Map<String, Set<String>> uniqueIndexes = new HashMap<>();
    try (ResultSet rs = meta.getIndexInfo(null, schema, name, true, true)) {
      while (rs.next()) {
        String index = rs.getString("INDEX_NAME");
        String column = rs.getString("COLUMN_NAME");
        if (index != null && column != null) {
          uniqueIndexes
              .computeIfAbsent(index, k -> new HashSet<>())
              .add(column.toLowerCase(Locale.ROOT));
        }
      }
    }
    if (!uniqueIndexes.containsValue(Set.of("name"))) {
      throw new LeaseTableException(
          table,
          "the lease table "
              + table
              + " has no primary key or unique index on name alone: two first acquisitions of an"
              + " election could both insert its row and both lead with token 1; recreate it with: "
              + ddl(table));
    }
  }

  /** An unquoted identifier as the database stores it. */
  static String folded(DatabaseMetaData meta, String identifier) throws SQLException {
    if (meta.storesUpperCaseIdentifiers()) {
      return identifier.toUpperCase(Locale.ROOT);
    }
    return meta.storesLowerCaseIdentifiers() ? identifier.toLowerCase(Locale.ROOT) : identifier;
  }

  /** The exception for a missing or misshapen table (SQL state class 42). */
  static LeaseTableException tableProblem(String table, SQLException e) {
    return new LeaseTableException(
        table,
        "the lease table "
            + table
            + " is missing or has another shape ("
            + e.getMessage()
            + "); apply this DDL or set createTable(true): "
            + ddl(table),
        e);
  }

  /** True if the SQL state says a table, column or sequence is missing or malformed (42, 90036). */
  static boolean isSchemaProblem(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("42") || state.equals("90036"));
  }

  // NOTIFY channel: table lower-cased, dots to underscores, cut to 63, one for LISTEN and pg_notify
  static String channel(String table) {
    String channel = validTable(table).toLowerCase(Locale.ROOT).replace('.', '_');
    return channel.length() > MAX_CHANNEL ? channel.substring(0, MAX_CHANNEL) : channel;
  }

  static void commit(Connection c) throws SQLException {
    if (!c.getAutoCommit()) {
      c.commit();
    }
  }

  /** Rolls back a transaction that failed with {@code cause}; a rollback failure is added to it. */
  static void rollback(Connection c, Exception cause) {
    try {
      if (!c.getAutoCommit()) {
        c.rollback();
      }
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
