// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate.Sink;
import java.time.Duration;

/**
 * Crash failover: the leader in a child JVM ({@link LeaseChildMain}) is killed with SIGKILL at a
 * random point of its renewal cycle; timed to the settled follower's "became leader".
 */
record CrashPhase(LeaseOptions options, LeaseSetup setup) {
  /**
   * Round {@code round} of {@code system}: the failover time in milliseconds.
   *
   * @throws BenchmarkFailure if the child or the follower is not elected
   */
  double round(LeaseSystem system, int round) throws InterruptedException {
    String election = "/bench/lease/crash-" + round;
    Duration patience = Duration.ofMillis(options.patienceMs());
    try (LeaseChild leader =
        LeaseChild.start(system, setup, election, system.key() + "-c" + round)) {
      leader.awaitElected(patience);
      LeaseCandidate follower =
          system.contender(setup, election, system.key() + "-cf" + round, Sink.NONE);
      try {
        follower.join();
        Waits.settle(follower, options);
        Waits.randomly(options.leaseMs / 2);
        if (follower.isLeader()) {
          throw new BenchmarkFailure(
              system.key() + " crash " + round + ": " + follower + " led before the kill");
        }
        long killedAt = System.nanoTime();
        leader.kill();
        Waits.leader(follower, options, system.key() + " crash " + round);
        return (follower.electedAtNanos() - killedAt) / 1e6;
      } finally {
        follower.close();
      }
    }
  }
}
