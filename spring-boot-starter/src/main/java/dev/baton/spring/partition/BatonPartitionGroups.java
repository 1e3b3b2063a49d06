// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.partition;

import dev.baton.spring.lifecycle.ByName;
import java.util.List;

/** The application's partition groups by name. Immutable; thread-safe. */
public final class BatonPartitionGroups extends ByName<BatonPartitionGroup> {
  /** The registry of {@code groups}; IllegalStateException if two have the same name. */
  public BatonPartitionGroups(List<BatonPartitionGroup> groups) {
    super(groups, "partition group", "configure baton.partitions.%s.path");
  }
}
