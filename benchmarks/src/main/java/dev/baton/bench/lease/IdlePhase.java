// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate.Sink;
import java.util.ArrayList;
import java.util.List;

/**
 * Database load while nothing happens: {@code idle-candidates} candidates of one system, counters
 * read once a leader is elected and the followers settled, and again {@code idle-seconds} later;
 * the same leader must lead alone at both ends.
 */
record IdlePhase(LeaseOptions options, LeaseSetup setup) {
  /** Per-second rates of one idle window; per candidate unless named for a role. */
  record Idle(
      double statementsPerS,
      double leaderStatementsPerS,
      double followerStatementsPerS,
      double transactionsPerS,
      double connectionsPerS) {}

  /**
   * Measures {@code system}.
   *
   * @throws BenchmarkFailure if no single leader holds through the window
   */
  Idle run(LeaseSystem system) throws InterruptedException {
    String what = system.key() + " idle";
    List<LeaseCandidate> candidates = new ArrayList<>();
    try {
      for (int i = 0; i < options.idleCandidates; i++) {
        LeaseCandidate c =
            system.contender(setup, "/bench/lease/idle", system.key() + "-i" + i, Sink.NONE);
        candidates.add(c);
        c.join();
      }
      for (LeaseCandidate c : candidates) {
        Waits.settle(c, options);
      }
      LeaseCandidate leader = soleLeader(candidates, what + " (start)");
      long electedAt = leader.electedAtNanos();
      List<CountingDataSource.Counts> before = counts(candidates);
      long start = System.nanoTime();
      Thread.sleep(options.idleSeconds * 1000L);
      List<CountingDataSource.Counts> after = counts(candidates);
      double seconds = (System.nanoTime() - start) / 1e9;
      if (soleLeader(candidates, what + " (end)") != leader
          || leader.electedAtNanos() != electedAt) {
        throw new BenchmarkFailure(what + ": the leader changed during the window");
      }
      CountingDataSource.Counts total = CountingDataSource.Counts.ZERO;
      CountingDataSource.Counts ofLeader = CountingDataSource.Counts.ZERO;
      for (int i = 0; i < candidates.size(); i++) {
        CountingDataSource.Counts d = after.get(i).minus(before.get(i));
        total = total.plus(d);
        if (candidates.get(i) == leader) {
          ofLeader = d;
        }
      }
      int n = candidates.size();
      return new Idle(
          total.statements() / seconds / n,
          ofLeader.statements() / seconds,
          (total.statements() - ofLeader.statements()) / seconds / (n - 1),
          total.transactionEnds() / seconds / n,
          total.connections() / seconds / n);
    } finally {
      candidates.forEach(LeaseCandidate::close);
    }
  }

  private static LeaseCandidate soleLeader(List<LeaseCandidate> candidates, String what) {
    List<LeaseCandidate> leaders = candidates.stream().filter(LeaseCandidate::isLeader).toList();
    if (leaders.size() != 1) {
      throw new BenchmarkFailure(what + ": " + leaders.size() + " leaders, not one: " + leaders);
    }
    return leaders.get(0);
  }

  private static List<CountingDataSource.Counts> counts(List<LeaseCandidate> candidates) {
    return candidates.stream().map(c -> c.dataSource().counts()).toList();
  }
}
