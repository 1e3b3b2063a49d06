// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingException;
import dev.baton.internal.SafeText;
import dev.baton.internal.SchemaCreation;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The fence table and its DDL ({@link #ddl}, for applying by hand). Configured table names must
 * match {@code [A-Za-z_][A-Za-z0-9_]{0,62}}, optionally with a {@code schema.} prefix of the same
 * form: ASCII only (no quotes, semicolons, spaces, comments, look-alikes) and within PostgreSQL's
 * 63-byte identifiers, so the name is never quoted or truncated.
 */
public final class SqlFenceSchema {
  /** The default table name. */
  public static final String DEFAULT_TABLE = "baton_fence";

  private static final Pattern NAME =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,62}$");

  private SqlFenceSchema() {}

  /** Returns {@code table} if it is a plain SQL identifier; throws otherwise. */
  public static String validTableName(String table) {
    Objects.requireNonNull(table, "table");
    if (!NAME.matcher(table).matches()) {
      throw new IllegalArgumentException(
          "invalid fence table name "
              + SafeText.quoted(table, 80)
              + ": use 1 to 63 ASCII letters, digits and underscores, not starting with a digit, optionally "
              + "schema.table");
    }
    return table;
  }

  /** The DDL that creates {@code table}, if it is a plain SQL identifier. */
  public static String ddl(String table) {
    return "CREATE TABLE IF NOT EXISTS "
        + validTableName(table)
        + " ("
        + "resource VARCHAR(255) NOT NULL PRIMARY KEY, "
        + "scope VARCHAR(512) NOT NULL, "
        + "highest_token BIGINT NOT NULL, "
        + "holder VARCHAR(255), "
        + "updated_at TIMESTAMP NOT NULL)";
  }

  /** Creates the default table, {@value #DEFAULT_TABLE}, as {@link #create(DataSource, String)}. */
  public static void create(DataSource dataSource) {
    create(dataSource, DEFAULT_TABLE);
  }

  /**
   * Creates {@code table} if it does not exist; instances racing to create it all succeed.
   *
   * @throws FenceConfigurationException if the database is not supported or the DDL fails
   */
  public static void create(DataSource dataSource, String table) {
    Objects.requireNonNull(dataSource, "dataSource");
    String ddl = ddl(table);
    try (Connection c = dataSource.getConnection()) {
      SqlDialect.of(c);
      SchemaCreation.execute(c, ddl); // false: another instance created it at the same moment
    } catch (SQLException e) {
      throw new FenceConfigurationException(
          "cannot create the fence table " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * Checks at start-up (not the first write) that {@code table} has the fence's columns.
   *
   * @throws FenceConfigurationException if the database is not supported, or the table is missing
   *     or lacks a column (the message gives the DDL)
   * @throws FencingException if the database cannot be read
   */
  public static void check(DataSource dataSource, String table) {
    Objects.requireNonNull(dataSource, "dataSource");
    validTableName(table);
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      SqlDialect.of(c);
      s.executeQuery(
              "SELECT resource, scope, highest_token, holder, updated_at FROM %s WHERE 1 = 0"
                  .formatted(table))
          .close();

    } catch (SQLException e) {
      if (SqlDialect.isSchemaProblem(e)) {
        throw wrongShape(table, e, "create it with: ");
      }
      throw new FencingException(
          null, "cannot read the fence table " + table + ": " + e.getMessage(), e);
    }
  }

  /** A missing or misshapen fence table; {@code fix} says what to do. */
  static FenceConfigurationException wrongShape(String table, SQLException e, String fix) {
    return new FenceConfigurationException(
        "the fence table %s is missing or has another shape (%s); %s%s"
            .formatted(table, e.getMessage(), fix, ddl(table)),
        e);
  }
}
