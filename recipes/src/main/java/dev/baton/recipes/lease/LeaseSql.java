// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.sql.SqlDialect;

/**
 * The statements of {@link JdbcLeaseStore} for one dialect and table, with bound values. An
 * acquisition draws a token from the sequence ({@link LeaseTokens}) only when it takes the row.
 *
 * @param acquire binds name, holder, lease ms; a row with the new token, or none if another holds
 * @param renew binds lease ms, name, holder, token; one row updated if renewed
 * @param release binds name, holder, token; PostgreSQL also the {@code NOTIFY} channel, and returns
 *     a row per released row (only then is the notification sent); H2: one row updated if released
 * @param read binds name; holder, token, live, expires_at, acquired_at, renewed_at
 */
record LeaseSql(String acquire, String renew, String release, String read) {

  static LeaseSql of(SqlDialect dialect, String table) {
    return dialect == SqlDialect.POSTGRESQL ? postgres(table) : h2(table);
  }

  /** The expiry: the database's now plus the bound lease duration in milliseconds. */
  private static String expiry(SqlDialect dialect) {
    return dialect == SqlDialect.POSTGRESQL
        ? "CURRENT_TIMESTAMP + CAST(? AS DOUBLE PRECISION) * INTERVAL '1 millisecond'"
        : "DATEADD(MILLISECOND, CAST(? AS BIGINT), CURRENT_TIMESTAMP)";
  }

  // Free: released or expired, or the same instance's (LeaseHolder), as after a lost answer.
  private static String free(String holder) {
    return "(h.holder IS NULL OR h.expires_at <= CURRENT_TIMESTAMP OR h.holder = " + holder + ")";
  }

  // PostgreSQL: update if free, else insert if absent, drawing a token only for the row written (an
  // upsert draws every poll). A racing insert wins (DO NOTHING); a racing delete waits a poll.
  private static LeaseSql postgres(String table) {
    String next = "nextval('" + LeaseTokens.sequence(table) + "')";
    String acquire =
        "WITH s(name, holder, ms) AS (VALUES (CAST(? AS VARCHAR), CAST(? AS VARCHAR),"
            + " CAST(? AS DOUBLE PRECISION))),"
            + " u AS (UPDATE "
            + table
            + " h SET token = "
            + next
            + ", holder = s.holder, acquired_at = CURRENT_TIMESTAMP, expires_at = CURRENT_TIMESTAMP"
            + " + s.ms * INTERVAL '1 millisecond', renewed_at = CURRENT_TIMESTAMP FROM s"
            + " WHERE h.name = s.name AND "
            + free("s.holder")
            + " RETURNING h.token),"
            + " i AS (INSERT INTO "
            + table
            + " (name, holder, token, expires_at, acquired_at, renewed_at) SELECT s.name, s.holder, "
            + next
            + ", CURRENT_TIMESTAMP + s.ms * INTERVAL '1 millisecond', CURRENT_TIMESTAMP,"
            + " CURRENT_TIMESTAMP FROM s WHERE NOT EXISTS (SELECT 1 FROM "
            + table
            + " x WHERE x.name = s.name) ON CONFLICT (name) DO NOTHING RETURNING token)"
            + " SELECT token FROM u UNION ALL SELECT token FROM i";
    String release =
        "WITH r AS (UPDATE "
            + table
            + " SET holder = NULL, expires_at = CURRENT_TIMESTAMP"
            + " WHERE name = ? AND holder = ? AND token = ? RETURNING name)"
            + " SELECT pg_notify(?, r.name) FROM r";
    return new LeaseSql(acquire, renew(table, SqlDialect.POSTGRESQL), release, read(table));
  }

  // H2: one MERGE, drawing from the sequence only in the branch that writes; JdbcLeaseStore repeats
  // it when a concurrent first insert fails with a duplicate key.
  private static LeaseSql h2(String table) {
    String next = "NEXT VALUE FOR " + LeaseTokens.sequence(table);
    String acquire =
        "SELECT token FROM FINAL TABLE (MERGE INTO "
            + table
            + " h USING (VALUES (CAST(? AS VARCHAR(512)), CAST(? AS VARCHAR("
            + LeaseSchema.HOLDER_WIDTH
            + ")), CAST(? AS BIGINT))) s(name, holder, ms) ON h.name = s.name"
            + " WHEN MATCHED AND "
            + free("s.holder")
            + " THEN UPDATE SET token = "
            + next
            + ", holder = s.holder, acquired_at = CURRENT_TIMESTAMP,"
            + " expires_at = DATEADD(MILLISECOND, s.ms, CURRENT_TIMESTAMP),"
            + " renewed_at = CURRENT_TIMESTAMP"
            + " WHEN NOT MATCHED THEN INSERT (name, holder, token, expires_at, acquired_at,"
            + " renewed_at) VALUES (s.name, s.holder, "
            + next
            + ", DATEADD(MILLISECOND, s.ms, CURRENT_TIMESTAMP), CURRENT_TIMESTAMP,"
            + " CURRENT_TIMESTAMP))";
    String release =
        "UPDATE "
            + table
            + " SET holder = NULL, expires_at = CURRENT_TIMESTAMP"
            + " WHERE name = ? AND holder = ? AND token = ?";
    return new LeaseSql(acquire, renew(table, SqlDialect.H2), release, read(table));
  }

  private static String renew(String table, SqlDialect dialect) {
    return "UPDATE "
        + table
        + " SET expires_at = "
        + expiry(dialect)
        + ", renewed_at = CURRENT_TIMESTAMP"
        + " WHERE name = ? AND holder = ? AND token = ? AND expires_at > CURRENT_TIMESTAMP";
  }

  private static String read(String table) {
    return "SELECT holder, token, holder IS NOT NULL AND expires_at > CURRENT_TIMESTAMP,"
        + " expires_at, acquired_at, renewed_at FROM "
        + table
        + " WHERE name = ?";
  }
}
