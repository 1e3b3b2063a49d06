// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** The candidates' counting pool, on an in-memory H2. */
class CountingDataSourceTest {
  private final CountingDataSource ds = new CountingDataSource(h2());

  private static JdbcDataSource h2() {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:counting" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    return h2;
  }

  @Test
  void countsEveryExecuteCallAndEveryTransactionEnd() throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (x INT)");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?)")) {
        p.setInt(1, 1);
        p.executeUpdate();
        p.setInt(1, 2);
        p.addBatch();
        p.executeBatch();
      }
      c.commit();
      s.executeQuery("SELECT COUNT(*) FROM t").close();
      c.rollback();
    }
    assertThat(ds.counts()).isEqualTo(new CountingDataSource.Counts(4, 2, 1));
    assertThat(ds.listened()).isFalse();
  }

  @Test
  void reusesAConnectionResetToHowItWasOpened() throws SQLException {
    try (Connection c = ds.getConnection()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE u (x INT)");
        s.execute("INSERT INTO u VALUES (1)");
      }
    } // returned with its transaction open: rolled back, auto-commit again
    try (Connection c = ds.getConnection()) {
      assertThat(c.getAutoCommit()).isTrue();
      try (Statement s = c.createStatement()) {
        assertThat(s.executeQuery("SELECT COUNT(*) FROM u").next()).isTrue();
      }
    }
    assertThat(ds.counts().connections()).isEqualTo(1);
  }

  @Test
  void aConnectionGivenBackCannotBeUsedAndCloseEndsTheIdleOnes() throws SQLException {
    Connection c = ds.getConnection();
    c.close();
    c.close(); // idempotent
    assertThat(c.isClosed()).isTrue();
    assertThatThrownBy(c::createStatement).isInstanceOf(SQLException.class);
    try (Connection again = ds.getConnection()) {
      assertThat(again).isEqualTo(again).isNotEqualTo(c);
    }
    ds.close();
    ds.getConnection().close(); // after close: opened anew, and closed on return
    assertThat(ds.counts().connections()).isEqualTo(2);
  }
}
