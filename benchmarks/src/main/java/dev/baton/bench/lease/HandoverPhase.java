// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate.Sink;
import java.util.EnumMap;
import java.util.Map;

/**
 * Graceful handover, in the benchmark's JVM: each system has a leader; a round starts a new
 * follower, lets it settle ({@link Waits#settle}), stops the leader gracefully and times from the
 * stop call to the follower's "became leader" (Baton's {@code elected}, ShedLock's {@code lock()}
 * returning a lock, Spring's {@code onGranted}), taken first thing in that callback. The follower
 * is the next round's leader, so each round has exactly two candidates. Statements per handover are
 * those both candidates ran from the stop call until the follower led and the stop returned.
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
          system.key()
              + " handover: before the stop, "
              + leader
              + " leads: "
              + leader.isLeader()
              + ", "
              + follower
              + " leads: "
              + follower.isLeader());
    }
    CountingDataSource.Counts before =
        leader.dataSource().counts().plus(follower.dataSource().counts());
    long stopAt = System.nanoTime();
    leader.close();
    leaders.put(system, follower);
    Waits.leader(follower, options, system.key() + " handover");
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
