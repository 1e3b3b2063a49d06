// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingToken;
import java.sql.Connection;
import java.sql.Statement;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** The SQL fence on embedded H2, the zero-setup default; plus the configuration errors. */
class H2FenceTest extends SqlFenceContractTest {
  private static final JdbcDataSource H2 = new JdbcDataSource();

  static {
    H2.setURL("jdbc:h2:mem:baton-fence;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=30000");
  }

  @Override
  protected DataSource dataSource() {
    return H2;
  }

  @Test
  void aMissingTableIsAClearConfigurationError() {
    SqlFence fence = SqlFence.create(H2, "no_such_fence_table", null);
    assertThatThrownBy(() -> fence.write("r", FencingToken.of(1), c -> null))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining("no_such_fence_table")
        .hasMessageContaining("CREATE TABLE");
  }

  @Test
  void aTableOfAnotherShapeIsAClearConfigurationError() throws Exception {
    try (Connection c = H2.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS wrong_shape (resource VARCHAR(255) PRIMARY KEY, token INT)");
    }
    SqlFence fence = SqlFence.create(H2, "wrong_shape", null);
    assertThatThrownBy(() -> fence.write("r", FencingToken.of(1), c -> null))
        .isInstanceOf(FenceConfigurationException.class)
        .hasMessageContaining("wrong_shape");
  }

  @Test
  void tableNamesMustBePlainIdentifiers() {
    for (String bad : new String[] {"", "fence; DROP TABLE x", "a-b", "1abc", "a.b.c", "\"q\""}) {
      assertThatThrownBy(() -> SqlFence.create(H2, bad, null))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> SqlFence.create(H2, null, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("table");
    assertThat(SqlFence.create(H2, "public.baton_fence", null).table())
        .isEqualTo("public.baton_fence");
  }
}
