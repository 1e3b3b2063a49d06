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
 * returns before its znode goes. Each partition's tokens, in the order its owners were assigned it,
 * must rise strictly: a handoff never goes back to an older term. Only the same member may be
 * assigned the same token again: a surviving session resumes its ownership after a suspended
 * connection.
 */
final class Beliefs {
  private final Map<Integer, String> holder = new HashMap<>();
  private final List<String> overlaps = new ArrayList<>();
  private final Map<Integer, Long> lastToken = new HashMap<>();
  private final Map<Integer, String> lastMember = new HashMap<>();
  private final List<String> tokenRegressions = new ArrayList<>();

  synchronized void assigned(int partition, String member, long token) {
    Long before = lastToken.put(partition, token);
    boolean resumed =
        member.equals(lastMember.put(partition, member)) && Long.valueOf(token).equals(before);
    if (before != null && token <= before && !resumed) {
      tokenRegressions.add(
          "partition "
              + partition
              + ": "
              + member
              + " assigned token "
              + token
              + " after "
              + before);
    }
    String other = holder.putIfAbsent(partition, member);
    if (other != null) {
      overlaps.add(
          "partition " + partition + ": " + member + " assigned while " + other + " held it");
    }
  }

  synchronized void revoked(int partition, String member) {
    holder.remove(partition, member);
  }

  /** Assignments whose token was not above the partition's previous one. */
  synchronized List<String> tokenRegressions() {
    return List.copyOf(tokenRegressions);
  }

  synchronized List<String> overlaps() {
    return List.copyOf(overlaps);
  }
}
