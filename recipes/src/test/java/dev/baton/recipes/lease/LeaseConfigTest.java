// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * An invalid lease table name is reported as the lease's setting. Before, it was called an "invalid
 * fence table name" (issue 29, item 6).
 */
class LeaseConfigTest {
  @Test
  void anInvalidTableNameNamesTheLeaseSettingAndTheValue() {
    assertThatThrownBy(() -> LeaseConfig.builder().table("bad-name").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("LeaseConfig.table")
        .hasMessageContaining("'bad-name'")
        .hasMessageNotContaining("fence");
    assertThatThrownBy(() -> LeaseBackend.ddl("bad-name"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("LeaseConfig.table")
        .hasMessageNotContaining("fence");
  }
}
