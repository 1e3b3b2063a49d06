// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.partition;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The application's partition groups by name. Immutable; thread-safe. */
public final class BatonPartitionGroups {
  private final Map<String, BatonPartitionGroup> byName;

  /**
   * The registry of {@code groups}.
   *
   * @throws IllegalStateException if two groups have the same name
   */
  public BatonPartitionGroups(List<BatonPartitionGroup> groups) {
    Map<String, BatonPartitionGroup> map = new LinkedHashMap<>();
    for (BatonPartitionGroup g : groups) {
      if (map.putIfAbsent(g.name(), g) != null) {
        throw new IllegalStateException(
            "two BatonPartitionGroup beans are named '" + g.name() + "': names must be unique");
      }
    }
    this.byName = Collections.unmodifiableMap(map);
  }

  /**
   * The group {@code name}.
   *
   * @throws IllegalArgumentException if there is none of that name (the message lists the names)
   */
  public BatonPartitionGroup get(String name) {
    BatonPartitionGroup g = byName.get(name);
    if (g == null) {
      throw new IllegalArgumentException(
          "no Baton partition group named '"
              + name
              + "'; the groups are "
              + byName.keySet()
              + " (configure baton.partitions."
              + name
              + ".path)");
    }
    return g;
  }

  /** The names of the groups. */
  public Set<String> names() {
    return byName.keySet();
  }

  /** Every group, in bean order. */
  public Collection<BatonPartitionGroup> all() {
    return byName.values();
  }

  @Override
  public String toString() {
    return "BatonPartitionGroups" + byName.keySet();
  }
}
