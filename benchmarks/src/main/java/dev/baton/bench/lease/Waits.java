// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The waits of the phases: until a follower is settled, until a moment, a random part of a span.
 */
final class Waits {
  private Waits() {}

  /**
   * Waits until {@code follower} is {@linkplain LeaseCandidate#ready() ready}, then two polls plus
   * a random part of a third, so that the moment that follows falls at a random point of its poll
   * cycle (a poller's expected wait is then half a poll, as in steady state).
   *
   * @throws BenchmarkFailure if it is not ready within {@code patience}
   */
  static void settle(LeaseCandidate follower, LeaseOptions o) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMillis(o.patienceMs()).toNanos();
    while (!follower.ready()) {
      if (System.nanoTime() - deadline > 0) {
        throw new BenchmarkFailure(
            follower + " did not get ready within " + o.patienceMs() + " ms");
      }
      Thread.sleep(10);
    }
    Thread.sleep(2 * o.pollMs + ThreadLocalRandom.current().nextLong(o.pollMs));
  }

  /** Sleeps a random time in [0, {@code boundMs}). */
  static void randomly(long boundMs) throws InterruptedException {
    Thread.sleep(ThreadLocalRandom.current().nextLong(Math.max(1, boundMs)));
  }

  /** Sleeps until {@link System#nanoTime()} reaches {@code nanos}. */
  static void until(long nanos) throws InterruptedException {
    long left = nanos - System.nanoTime();
    if (left > 0) {
      Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
    }
  }

  /**
   * Waits until {@code candidate} leads.
   *
   * @throws BenchmarkFailure if it does not within the patience of {@code o}
   */
  static void leader(LeaseCandidate candidate, LeaseOptions o, String what)
      throws InterruptedException {
    if (!candidate.awaitLeader(Duration.ofMillis(o.patienceMs()))) {
      throw new BenchmarkFailure(
          what + ": " + candidate + " was not elected within " + o.patienceMs() + " ms");
    }
  }
}
