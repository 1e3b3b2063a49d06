// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;
import dev.baton.recipes.spi.Validation;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The token sequence {@code <table>_tokens}, and the upgrade of an earlier table. Tokens come from
 * the sequence, never the row, so editing the row changes nothing; the table does not own it, so
 * recreating the table does not reset it. {@link #check} refuses a reset sequence.
 */
final class LeaseTokens {
  private static final Logger log = LoggerFactory.getLogger(LeaseTokens.class);
  private static final String SUFFIX = "_tokens";

  private LeaseTokens() {}

  /** Creates the sequence, if it does not exist, starting at {@code start}. */
  static String sequenceDdl(String table, long start) {
    return "CREATE SEQUENCE IF NOT EXISTS " + sequence(table) + " START WITH " + start;
  }

  /** {@code table}'s name, cut so PostgreSQL never truncates it, + {@value #SUFFIX}. */
  static String sequence(String table) {
    LeaseSchema.validTable(table);
    int dot = table.indexOf('.');
    String name = table.substring(dot + 1);
    int room = 63 - SUFFIX.length();
    return table.substring(0, dot + 1)
        + (name.length() > room ? name.substring(0, room) : name)
        + SUFFIX;
  }

  // Widens an old holder column, adds a missing sequence above the highest token (if migrate).
  static void upgrade(
      Connection c, SqlDialect dialect, String table, int holderWidth, boolean migrate)
      throws SQLException {
    List<String> statements = new ArrayList<>();
    if (holderWidth > 0 && holderWidth < LeaseHolder.MAX_HOLDER) {
      statements.add(
          "ALTER TABLE "
              + table
              + " ALTER COLUMN holder SET DATA TYPE VARCHAR("
              + LeaseSchema.HOLDER_WIDTH
              + ")");
    }
    if (nextValue(c, dialect, sequence(table)).isEmpty()) {
      statements.add(sequenceDdl(table, highestToken(c, table) + 1));
    }
    if (statements.isEmpty()) {
      return;
    }
    if (!migrate) {
      throw new LeaseTableException(
          table,
          "the lease table "
              + table
              + " lacks what this version needs (a holder column of "
              + LeaseHolder.MAX_HOLDER
              + " characters, for a participant id of "
              + Validation.MAX_ID_BYTES
              + " bytes and its instance suffix; the token sequence "
              + sequence(table)
              + "): it was made by an earlier version, or the sequence was dropped; stop the"
              + " candidates of earlier versions, then run: "
              + String.join("; ", statements)
              + " (or set createTable(true))");
    }
    for (String statement : statements) {
      if (statement.startsWith("CREATE")) {
        LeaseSchema.create(c, table, statement);
      } else {
        try (Statement s = c.createStatement()) {
          s.execute(statement);
        }
      }
      LeaseSchema.commit(c);
      log.info("lease table {} upgraded: {}", table, statement);
    }
  }

  /** Checks the sequence's next value is above the table's highest token (else tokens repeat). */
  static void check(Connection c, SqlDialect dialect, String table) throws SQLException {
    String sequence = sequence(table);
    long highest = highestToken(c, table);
    OptionalLong next = nextValue(c, dialect, sequence);
    String theSequence = "the token sequence " + sequence + " of lease table " + table;
    if (next.isEmpty()) {
      throw new LeaseTableException(
          table,
          theSequence
              + " was not found (dropped meanwhile?); run: "
              + sequenceDdl(table, highest + 1));
    }
    if (next.getAsLong() <= highest) {
      throw new LeaseTableException(
          table,
          theSequence
              + " would give "
              + next.getAsLong()
              + ", not above the table's highest token "
              + highest
              + ": tokens would be handed out again (was the sequence reset or made by hand?);"
              + " run: ALTER SEQUENCE "
              + sequence
              + " RESTART WITH "
              + (highest + 1));
    }
  }

  private static long highestToken(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(token), 0) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** The value the sequence gives next, without drawing it; empty if there is no sequence. */
  private static OptionalLong nextValue(Connection c, SqlDialect dialect, String sequence)
      throws SQLException {
    if (dialect == SqlDialect.POSTGRESQL) {
      // to_regclass finds the sequence as a statement would (search path, folding), or gives
      // null: a failed statement would abort the transaction of a connection without auto-commit
      try (PreparedStatement p = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
        p.setString(1, sequence);
        try (ResultSet rs = p.executeQuery()) {
          rs.next();
          if (!rs.getBoolean(1)) {
            return OptionalLong.empty();
          }
        }
      }
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM "
                      + sequence)) {
        rs.next();
        return OptionalLong.of(rs.getLong(1));
      }
    }
    DatabaseMetaData meta = c.getMetaData();
    int dot = sequence.indexOf('.');
    String schema = dot >= 0 ? LeaseSchema.folded(meta, sequence.substring(0, dot)) : c.getSchema();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT BASE_VALUE FROM INFORMATION_SCHEMA.SEQUENCES"
                + " WHERE SEQUENCE_SCHEMA = ? AND SEQUENCE_NAME = ?")) {
      p.setString(1, schema);
      p.setString(2, LeaseSchema.folded(meta, sequence.substring(dot + 1)));
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
      }
    }
  }
}
