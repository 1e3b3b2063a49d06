// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.sql.SqlDialect;
import dev.baton.testkit.PostgresFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two PostgreSQL clients whose sessions have time zones 26 hours apart agree on the lease: what one
 * takes is live for the other, and expires for the other after the lease duration, not hours off.
 */
class PostgresLeaseTimeZoneTest {
  private final String table = LeaseDatabase.uniqueTable();

  @AfterEach
  void dropTable() {
    LeaseDatabase.POSTGRESQL.drop(table);
  }

  @Test
  void clientsInDifferentTimeZonesSeeTheSameExpiry() throws SQLException {
    DataSource east = SessionDataSource.zoned(PostgresFixture.dataSource(), "Pacific/Kiritimati");
    DataSource west = SessionDataSource.zoned(PostgresFixture.dataSource(), "Etc/GMT+12");
    assertThat(zone(east)).isEqualTo("Pacific/Kiritimati");
    assertThat(zone(west)).isEqualTo("Etc/GMT+12");

    LeaseConfig config = LeaseDatabase.shortLease(table);
    SqlDialect dialect = LeaseSchema.prepare(east, config);
    JdbcLeaseStore a = new JdbcLeaseStore(east, dialect, config, "tz");
    JdbcLeaseStore b = new JdbcLeaseStore(west, dialect, config, "tz");

    assertThat(a.acquire("east")).isEqualTo(OptionalLong.of(1));
    LeaseRecord seen = b.read().orElseThrow();
    assertThat(seen.live()).isTrue();
    assertThat(seen.holder()).isEqualTo("east");
    assertThat(b.acquire("west")).isEmpty();

    await()
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> !b.read().orElseThrow().live());
    assertThat(b.acquire("west")).isEqualTo(OptionalLong.of(2));
    assertThat(a.read().orElseThrow().live()).isTrue();
    assertThat(a.acquire("east")).isEmpty();
    assertThat(a.read().orElseThrow().expiresAt()).isEqualTo(b.read().orElseThrow().expiresAt());
  }

  private static String zone(DataSource ds) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW TIME ZONE")) {
      assertThat(rs.next()).isTrue();
      return rs.getString(1);
    }
  }
}
