// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate.Sink;
import java.util.EnumMap;
import java.util.Map;

/**
 * Graceful handover in the benchmark's JVM: a new follower settles ({@link Waits#settle}), the
 * leader {@linkplain LeaseCandidate#leave leaves}, timed from that call to the follower's "became
 * leader"; the leader's data source is closed only then. The follower leads the next round.
 * Statements are counted from the leave until the follower leads.
 */
final class HandoverPhase implements AutoCloseable {
  private static final String ELECTION = "/bench/lease/handover";

  private final LeaseOptions options;
  private final LeaseSetup setup;
  private final Map<LeaseSystem, LeaseCandidate> leaders = new EnumMap<>(LeaseSystem.class);
  private int next;

  HandoverPhase(LeaseOptions options, LeaseSetup setup) {
    this.options = options;
    this.setup = setup;
  }

  /** One handover's time and statements. */
  record Handover(double millis, long statements) {}

  /** Starts the first leader of {@code system}. */
  void begin(LeaseSystem system) throws InterruptedException {
    LeaseCandidate first = candidate(system);
    leaders.put(system, first);
    first.join();
    Waits.leader(first, options, system.key() + " handover set-up");
  }

  /**
   * One handover of {@code system}.
   *
   * @throws BenchmarkFailure if the follower led before the stop or does not lead after it
   */
  Handover round(LeaseSystem system) throws InterruptedException {
    LeaseCandidate leader = leaders.get(system);
    LeaseCandidate follower = candidate(system);
    follower.join();
    Waits.settle(follower, options);
    if (follower.isLeader() || !leader.isLeader()) {
      follower.close();
      throw new BenchmarkFailure(
          "%s handover: before the stop, %s leads: %s, %s leads: %s"
              .formatted(system.key(), leader, leader.isLeader(), follower, follower.isLeader()));
    }
    CountingDataSource.Counts before =
        leader.dataSource().counts().plus(follower.dataSource().counts());
    long stopAt = System.nanoTime();
    try {
      leader.leave();
      leaders.put(system, follower);
      Waits.leader(follower, options, system.key() + " handover");
    } finally {
      // after the follower leads: the teardown of the old leader's connections (server processes
      // ending on the same cores) is the pool's work, not the handover's, for every system
      leader.close();
    }
    CountingDataSource.Counts during =
        leader.dataSource().counts().plus(follower.dataSource().counts()).minus(before);
    if (leader.isLeader()) {
      throw new BenchmarkFailure(system.key() + " handover: " + leader + " still leads after stop");
    }
    return new Handover((follower.electedAtNanos() - stopAt) / 1e6, during.statements());
  }

  private LeaseCandidate candidate(LeaseSystem system) {
    return system.contender(setup, ELECTION, system.key() + "-h" + next++, Sink.NONE);
  }

  /** Stops every leader. */
  @Override
  public void close() {
    leaders.values().forEach(LeaseCandidate::close);
    leaders.clear();
  }
}
