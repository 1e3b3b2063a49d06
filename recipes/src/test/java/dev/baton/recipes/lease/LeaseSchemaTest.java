// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.spi.StoreUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/** Creating and checking the lease table, and how table and connection failures surface. */
class LeaseSchemaTest {
  private final String table = LeaseDatabase.uniqueTable();

  @AfterEach
  void dropTable() {
    for (LeaseDatabase db : LeaseDatabase.values()) {
      db.drop(table);
    }
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void prepareCreatesTheTableOnceAndFindsTheDialect(LeaseDatabase db) {
    LeaseConfig config = LeaseDatabase.longLease(table);
    assertThat(LeaseSchema.prepare(db.dataSource(), config)).isEqualTo(db.dialect());
    assertThat(LeaseSchema.prepare(db.dataSource(), config)).isEqualTo(db.dialect());
    LeaseConfig checkOnly = LeaseConfig.builder().table(table).createTable(false).build();
    assertThat(LeaseSchema.prepare(db.dataSource(), checkOnly)).isEqualTo(db.dialect());
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void aMissingTableWithoutCreateTableNamesTheTableAndGivesTheDdl(LeaseDatabase db) {
    LeaseConfig config = LeaseConfig.builder().table(table).createTable(false).build();
    assertThatThrownBy(() -> LeaseSchema.prepare(db.dataSource(), config))
        .isInstanceOfSatisfying(
            LeaseTableException.class, e -> assertThat(e.table()).isEqualTo(table))
        .hasMessageContaining(table)
        .hasMessageContaining(LeaseSchema.ddl(table))
        .hasMessageContaining("createTable");
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void aTableWithoutTheTokenColumnIsRefused(LeaseDatabase db) throws SQLException {
    execute(
        db.dataSource(),
        "CREATE TABLE "
            + table
            + " (name VARCHAR(512) NOT NULL PRIMARY KEY, holder VARCHAR(255),"
            + " expires_at TIMESTAMP WITH TIME ZONE NOT NULL, acquired_at TIMESTAMP WITH TIME ZONE,"
            + " renewed_at TIMESTAMP WITH TIME ZONE)");
    for (boolean create : new boolean[] {true, false}) {
      LeaseConfig config = LeaseConfig.builder().table(table).createTable(create).build();
      assertThatThrownBy(() -> LeaseSchema.prepare(db.dataSource(), config))
          .isInstanceOf(LeaseTableException.class)
          .hasMessageContaining(table)
          .hasMessageContaining(LeaseSchema.ddl(table));
    }
  }

  /**
   * Without a key on the name, two first acquisitions may both insert the election's row (H2's
   * MERGE does) and both lead with token 1: such a table is refused, whether created by the user or
   * found.
   */
  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void aTableWithoutAUniqueNameIsRefused(LeaseDatabase db) throws SQLException {
    execute(
        db.dataSource(),
        "CREATE TABLE "
            + table
            + " (name VARCHAR(512) NOT NULL, holder VARCHAR(255), token BIGINT NOT NULL,"
            + " expires_at TIMESTAMP WITH TIME ZONE NOT NULL, acquired_at TIMESTAMP WITH TIME ZONE,"
            + " renewed_at TIMESTAMP WITH TIME ZONE)");
    for (boolean create : new boolean[] {true, false}) {
      LeaseConfig config = LeaseConfig.builder().table(table).createTable(create).build();
      assertThatThrownBy(() -> LeaseSchema.prepare(db.dataSource(), config))
          .isInstanceOf(LeaseTableException.class)
          .hasMessageContaining("no primary key or unique index on name")
          .hasMessageContaining(LeaseSchema.ddl(table));
    }
    // a unique index on the name alone is enough
    execute(db.dataSource(), "CREATE UNIQUE INDEX " + table + "_name ON " + table + " (name)");
    assertThat(LeaseSchema.prepare(db.dataSource(), LeaseDatabase.longLease(table)))
        .isEqualTo(db.dialect());
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void timesWithoutTimeZoneAreRefused(LeaseDatabase db) throws SQLException {
    execute(
        db.dataSource(),
        "CREATE TABLE "
            + table
            + " (name VARCHAR(512) NOT NULL PRIMARY KEY, holder VARCHAR(255), token BIGINT NOT NULL,"
            + " expires_at TIMESTAMP NOT NULL, acquired_at TIMESTAMP, renewed_at TIMESTAMP)");
    assertThatThrownBy(() -> LeaseSchema.prepare(db.dataSource(), LeaseDatabase.longLease(table)))
        .isInstanceOf(LeaseTableException.class)
        .hasMessageContaining("expires_at")
        .hasMessageContaining("TIMESTAMP WITH TIME ZONE");
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void aTableDroppedUnderTheStoreIsATableProblem(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    db.drop(table);
    assertThatThrownBy(() -> store.renew("a", 1))
        .isInstanceOf(LeaseTableException.class)
        .hasMessageContaining(table);
    assertThatThrownBy(store::read).isInstanceOf(LeaseTableException.class);
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void anUnreachableDatabaseIsUnavailableNamingTheElectionAndOperation(LeaseDatabase db) {
    DataSource nowhere = unreachable(db);
    LeaseConfig config = LeaseDatabase.longLease(table);
    assertThatThrownBy(() -> LeaseSchema.prepare(nowhere, config))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining(table);
    JdbcLeaseStore store = new JdbcLeaseStore(nowhere, db.dialect(), config, "e-away");
    assertThatThrownBy(() -> store.acquire("a"))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("e-away")
        .hasMessageContaining("acquire")
        .hasMessageContaining("outcome is unknown");
    assertThatThrownBy(() -> store.release("a", 1))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("release");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "lease table", "lease;drop", "1lease", "a.b.c", "l\u0435ase", "x--y"})
  void invalidTableNamesAreRejectedByTheConfig(String name) {
    LeaseConfig.Builder builder = LeaseConfig.builder().table(name);
    assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theChannelIsTheLowerCasedTableWithinPostgresIdentifierLength() {
    assertThat(LeaseSchema.channel("Baton_Lease")).isEqualTo("baton_lease");
    assertThat(LeaseSchema.channel("Ops.Leases")).isEqualTo("ops_leases");
    String longName = "s".repeat(63) + "." + "t".repeat(63);
    assertThat(LeaseSchema.channel(longName)).hasSize(63).isEqualTo("s".repeat(63));
  }

  @Test
  void theDdlHasEveryColumnWithTimeZones() {
    assertThat(LeaseSchema.ddl("ops.leases"))
        .startsWith("CREATE TABLE IF NOT EXISTS ops.leases (")
        .contains("name VARCHAR(512) NOT NULL PRIMARY KEY")
        .contains("token BIGINT NOT NULL")
        .contains("expires_at TIMESTAMP WITH TIME ZONE NOT NULL")
        .contains("acquired_at TIMESTAMP WITH TIME ZONE")
        .contains("renewed_at TIMESTAMP WITH TIME ZONE");
  }

  private static DataSource unreachable(LeaseDatabase db) {
    if (db == LeaseDatabase.POSTGRESQL) {
      PGSimpleDataSource pg = new PGSimpleDataSource();
      pg.setURL("jdbc:postgresql://127.0.0.1:1/baton?user=baton&password=baton");
      pg.setConnectTimeout((int) Duration.ofSeconds(5).toSeconds());
      return pg;
    }
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:lease_absent_" + System.nanoTime() + ";IFEXISTS=TRUE");
    return h2;
  }

  private static void execute(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
