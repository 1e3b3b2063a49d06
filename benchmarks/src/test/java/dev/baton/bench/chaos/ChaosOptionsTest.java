// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.chaos.ChaosOptions.Db;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import org.junit.jupiter.api.Test;

/** The database option and the fences' kinds of log. */
class ChaosOptionsTest {
  @Test
  void theDatabaseIsNamedH2OrPostgresAndH2IsTheDefault() {
    assertThat(Db.of("h2")).isEqualTo(Db.H2);
    assertThat(Db.of("postgres")).isEqualTo(Db.POSTGRES);
    assertThat(Db.of(" PostgreSQL ")).isEqualTo(Db.POSTGRES);
    assertThat(Db.POSTGRES.key()).isEqualTo("postgres");
    assertThatThrownBy(() -> Db.of("mysql")).hasMessageContaining("db must be h2 or postgres");
    if (System.getProperty(Db.PROPERTY) == null) {
      assertThat(ChaosOptions.defaults().db()).isEqualTo(Db.H2);
    }
  }

  @Test
  void withFenceAndWithDbKeepTheOtherOptions() {
    ChaosOptions o = ChaosOptions.defaults().withDb(Db.POSTGRES).withFence(FenceKind.ZK);
    assertThat(o.db()).isEqualTo(Db.POSTGRES);
    assertThat(o.fence()).isEqualTo(FenceKind.ZK);
    assertThat(o.withDb(Db.H2).fence()).isEqualTo(FenceKind.ZK);
  }

  @Test
  void theNegativeControlsAreUnfencedAndZkNoneKeepsItsLogInZooKeeper() {
    assertThat(FenceKind.ZK_NONE.logInZooKeeper()).isTrue();
    assertThat(FenceKind.ZK.logInZooKeeper()).isTrue();
    assertThat(FenceKind.NONE.logInZooKeeper()).isFalse();
    assertThat(FenceKind.ZK_NONE.unfenced()).isTrue();
    assertThat(FenceKind.ZK.unfenced()).isFalse();
    assertThat(FenceKind.SQL.unfenced()).isFalse();
  }
}
