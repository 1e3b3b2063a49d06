// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.failover.FailoverRound.Result;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/** The measured rounds of one library, as {@link Samples} per quantity. */
record Summary(List<Result> results) {
  Summary {
    results = List.copyOf(results);
  }

  int rounds() {
    return results.size();
  }

  /** Signal to the successor's elected callback. */
  Samples failover() {
    return of(r -> OptionalDouble.of(r.failoverMs()));
  }

  /** Signal to the deletion of the leader's znode, as the benchmark's raw watcher saw it. */
  Samples deleted() {
    return of(r -> OptionalDouble.of(r.deletedMs()));
  }

  /**
   * From the raw watcher's deletion event to the successor's elected: what the library adds once
   * ZooKeeper has deleted the znode (the watcher sits on the successor's server, which sends both
   * notifications at the same moment).
   */
  Samples reaction() {
    return of(r -> OptionalDouble.of(r.failoverMs() - r.deletedMs()));
  }

  /** Signal to the end of the leader's process. */
  Samples exit() {
    return of(r -> OptionalDouble.of(r.exitMs()));
  }

  /** Signal to the start of the leader's shutdown hooks (SIGTERM only). */
  Samples hook() {
    return of(Result::hookMs);
  }

  /** The successor's elected minus the end of the leader's revoked callback (SIGTERM only). */
  Samples revokedMargin() {
    return of(Result::revokedMarginMs);
  }

  /**
   * Whether in every round the leader's revoked callback ended before the successor was elected
   * (false if a round has no revoked line).
   */
  boolean revokedFirst() {
    return !results.isEmpty()
        && results.stream()
            .allMatch(
                r -> r.revokedMarginMs().isPresent() && r.revokedMarginMs().getAsDouble() > 0);
  }

  /** The session timeouts the servers granted the leaders, lowest first then highest. */
  int[] negotiatedRange() {
    int min = results.stream().mapToInt(Result::negotiatedMs).min().orElse(-1);
    int max = results.stream().mapToInt(Result::negotiatedMs).max().orElse(-1);
    return new int[] {min, max};
  }

  private Samples of(Function<Result, OptionalDouble> value) {
    Samples s = new Samples();
    for (Result r : results) {
      value.apply(r).ifPresent(s::add);
    }
    return s;
  }
}
