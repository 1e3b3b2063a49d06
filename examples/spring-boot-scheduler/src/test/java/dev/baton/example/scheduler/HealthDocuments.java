// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.util.Map;
import java.util.Optional;

/** Finds an election's details in an {@code /actuator/health} document, wherever it is nested. */
final class HealthDocuments {
  private HealthDocuments() {}

  /**
   * The details of the health component named {@code election} that carry a {@code leader} field.
   *
   * @throws AssertionError if the document has none
   */
  static Map<String, Object> election(Map<String, Object> document, String election) {
    return find(document, election)
        .orElseThrow(
            () ->
                new AssertionError(
                    "no component '" + election + "' with a leader field in " + document));
  }

  @SuppressWarnings("unchecked")
  private static Optional<Map<String, Object>> find(Map<String, Object> node, String name) {
    for (Map.Entry<String, Object> e : node.entrySet()) {
      if (!(e.getValue() instanceof Map<?, ?> child)) {
        continue;
      }
      Map<String, Object> map = (Map<String, Object>) child;
      if (e.getKey().equals(name)) {
        Object details = map.get("details");
        if (details instanceof Map<?, ?> d && d.containsKey("leader")) {
          return Optional.of((Map<String, Object>) d);
        }
        if (map.containsKey("leader")) {
          return Optional.of(map);
        }
      }
      Optional<Map<String, Object>> deeper = find(map, name);
      if (deeper.isPresent()) {
        return deeper;
      }
    }
    return Optional.empty();
  }
}
