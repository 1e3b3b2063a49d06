// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who believes they own each partition, across all members of a test: {@code assigned} adds a
 * belief, {@code revoked} removes it. A second belief for a partition is an overlap. Without
 * pauses, partitions or server-side expiry there must be none: the old owner's {@code revoked}
 * returns before its znode goes.
 */
final class Beliefs {
  private final Map<Integer, String> holder = new HashMap<>();
  private final List<String> overlaps = new ArrayList<>();

  synchronized void assigned(int partition, String member) {
    String other = holder.putIfAbsent(partition, member);
    if (other != null) {
      overlaps.add(
          "partition " + partition + ": " + member + " assigned while " + other + " held it");
    }
  }

  synchronized void revoked(int partition, String member) {
    holder.remove(partition, member);
  }

  synchronized List<String> overlaps() {
    return List.copyOf(overlaps);
  }
}
