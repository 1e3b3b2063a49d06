// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which departed members keep their partitions for now: one in the previous assignment but not live
 * stays assigned (its partitions unowned) until {@code grace} has passed since first seen missing.
 */
final class GraceTracker {
  private final Duration grace;
  private final Map<String, Instant> departedAt = new HashMap<>();

  public GraceTracker(Duration grace) {
    this.grace = grace;
  }

  /** The departed members still inside their grace: {@code assigned} but not {@code live}. */
  public Set<String> ghosts(Set<String> live, Set<String> assigned, Instant now) {
    departedAt.keySet().removeIf(id -> live.contains(id) || !assigned.contains(id));
    Set<String> ghosts = new TreeSet<>();
    if (grace.isZero()) {
      return ghosts;
    }
    for (String id : assigned) {
      if (live.contains(id)) {
        continue;
      }
      Instant since = departedAt.computeIfAbsent(id, k -> now);
      if (now.isBefore(since.plus(grace))) {
        ghosts.add(id);
      }
    }
    return ghosts;
  }

  /** When the earliest current grace period ends, if any is running. */
  public Optional<Instant> nextExpiry(Instant now) {
    return departedAt.values().stream()
        .map(t -> t.plus(grace))
        .filter(now::isBefore)
        .min(Instant::compareTo);
  }
}
