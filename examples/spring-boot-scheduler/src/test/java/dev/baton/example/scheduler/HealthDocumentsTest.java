// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HealthDocumentsTest {
  @Test
  void findsNestedElectionDetails() {
    Map<String, Object> doc =
        Map.of(
            "status",
            "UP",
            "components",
            Map.of(
                "baton",
                Map.of(
                    "components",
                    Map.of(
                        "billing",
                        Map.of("status", "UP", "details", Map.of("leader", true, "token", "7"))))));
    assertThat(HealthDocuments.election(doc, "billing")).containsEntry("leader", true);
  }

  @Test
  void failsWhenTheElectionIsMissing() {
    Map<String, Object> doc = Map.of("status", "UP", "components", Map.of("db", Map.of()));
    assertThatThrownBy(() -> HealthDocuments.election(doc, "billing"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("billing");
  }
}
