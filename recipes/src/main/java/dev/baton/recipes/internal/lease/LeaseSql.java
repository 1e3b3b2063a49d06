// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import dev.baton.fencing.sql.SqlDialect;

/**
 * The statements of {@link JdbcLeaseStore} for one dialect and table. The table name comes only
 * from a validated configuration; every value is a bound parameter, in the order given on each
 * component. Every right-hand side of a {@code SET} is evaluated against the row as it was before
 * the statement (standard SQL, and so on both databases), so the order of the assignments does not
 * matter.
 *
 * @param acquire PostgreSQL: name, holder, lease ms, ended token, ended token; H2: name, holder,
 *     ended token, lease ms. A result row with the token held, or none if another holder's lease is
 *     live.
 * @param renew lease ms, name, holder, token; one row updated if renewed
 * @param release name, holder, token; PostgreSQL also the {@code NOTIFY} channel, and a result row
 *     per released row (the notification is sent only then); H2: one row updated if released
 * @param read name; holder, token, live, expires_at, acquired_at, renewed_at
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

  /**
   * The condition under which the token (and acquired_at) are kept: the row is the same holder's
   * (one candidate instance: see {@link LeaseHolder}), live, and not of the term it ended.
   */
  private static String sameTerm(String holder, String ended) {
    return "h.holder = " + holder + " AND h.expires_at > CURRENT_TIMESTAMP AND h.token <> " + ended;
  }

  private static String free(String holder) {
    return "(h.holder IS NULL OR h.expires_at <= CURRENT_TIMESTAMP OR h.holder = " + holder + ")";
  }

  private static String takeover(String holder, String ended) {
    String same = sameTerm(holder, ended);
    return "token = CASE WHEN "
        + same
        + " THEN h.token ELSE h.token + 1 END, acquired_at = CASE WHEN "
        + same
        + " THEN h.acquired_at ELSE CURRENT_TIMESTAMP END, holder = "
        + holder
        + ", ";
  }

  private static LeaseSql postgres(String table) {
    String acquire =
        "INSERT INTO "
            + table
            + " AS h (name, holder, token, expires_at, acquired_at, renewed_at) VALUES (?, ?, 1, "
            + expiry(SqlDialect.POSTGRESQL)
            + ", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP) ON CONFLICT (name) DO UPDATE SET "
            + takeover("EXCLUDED.holder", "?")
            + "expires_at = EXCLUDED.expires_at, renewed_at = CURRENT_TIMESTAMP WHERE "
            + free("EXCLUDED.holder")
            + " RETURNING h.token";
    String release =
        "WITH r AS (UPDATE "
            + table
            + " SET holder = NULL, expires_at = CURRENT_TIMESTAMP"
            + " WHERE name = ? AND holder = ? AND token = ? RETURNING name)"
            + " SELECT pg_notify(?, r.name) FROM r";
    return new LeaseSql(acquire, renew(table, SqlDialect.POSTGRESQL), release, read(table));
  }

  private static LeaseSql h2(String table) {
    String acquire =
        "SELECT token FROM FINAL TABLE (MERGE INTO "
            + table
            + " h USING (VALUES (CAST(? AS VARCHAR(512)), CAST(? AS VARCHAR(255)),"
            + " CAST(? AS BIGINT), CAST(? AS BIGINT))) s(name, holder, ended, ms) ON h.name = s.name"
            + " WHEN MATCHED AND "
            + free("s.holder")
            + " THEN UPDATE SET "
            + takeover("s.holder", "s.ended")
            + "expires_at = DATEADD(MILLISECOND, s.ms, CURRENT_TIMESTAMP),"
            + " renewed_at = CURRENT_TIMESTAMP"
            + " WHEN NOT MATCHED THEN INSERT (name, holder, token, expires_at, acquired_at,"
            + " renewed_at) VALUES (s.name, s.holder, 1, DATEADD(MILLISECOND, s.ms,"
            + " CURRENT_TIMESTAMP), CURRENT_TIMESTAMP, CURRENT_TIMESTAMP))";
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
