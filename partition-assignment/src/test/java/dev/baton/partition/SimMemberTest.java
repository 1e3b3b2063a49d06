// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A deterministic simulation of three member machines over a model of ZooKeeper ({@link SimWorld}):
 * seeded schedules of assignments, link failures, session expiries on either side, pauses, lost
 * answers and intruders, with the safety properties of {@link SimChecker} checked after every step
 * and convergence to the final assignment once the faults stop.
 *
 * <p>A failing seed is printed with the run's last steps; replay it with {@code
 * -Dbaton.sim.seed=<seed>} (and {@code -Dbaton.sim.seeds=1}). {@code -Dbaton.sim.seeds=N} tries N
 * seeds; {@code -Dbaton.sim.seconds=S} (set by the {@code simulation} profile) tries seeds for S
 * seconds; by default 500, or as many as 12 s allow on a loaded machine.
 */
class SimMemberTest {
  private static final long FIRST_SEED = Long.getLong("baton.sim.seed", 20_261_201L);
  private static final boolean COUNTED = System.getProperty("baton.sim.seeds") != null;
  private static final Long SECONDS = COUNTED ? null : Long.getLong("baton.sim.seconds");
  private static final int SEEDS =
      SECONDS != null ? Integer.MAX_VALUE : Integer.getInteger("baton.sim.seeds", 500);

  /** The default run stops trying new seeds after this budget, so a loaded machine stays quick. */
  private static final long BUDGET_NANOS =
      COUNTED ? Long.MAX_VALUE : SECONDS != null ? SECONDS * 1_000_000_000L : 12_000_000_000L;

  @Test
  void noTwoLiveOwnersRisingTokensPairedCallbacksDrainedDeletesAndConvergence() {
    long start = System.nanoTime();
    long steps = 0;
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    int tried = 0;
    for (int i = 0; i < SEEDS && System.nanoTime() - start < BUDGET_NANOS; i++) {
      long seed = FIRST_SEED + i;
      tried++;
      SimWorld world = new SimWorld(seed, Ownerships::new);
      List<String> violations = world.run();
      steps += world.steps;
      world.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
      if (!violations.isEmpty()) {
        report(world, violations);
      }
      assertThat(violations)
          .as("seed %d (replay: -Dbaton.sim.seed=%d -Dbaton.sim.seeds=1)", seed, seed)
          .isEmpty();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "SimMemberTest: %d schedules (seeds %d..%d), %d steps in %.2f s: "
            + "%.0f schedules/s, %.0f steps/s%n",
        tried,
        FIRST_SEED,
        FIRST_SEED + tried - 1,
        steps,
        seconds,
        tried / seconds,
        steps / seconds);
    assertThat(tried)
        .as("seeds tried within the budget")
        .isGreaterThanOrEqualTo(Math.min(SEEDS, 50));
    System.out.println("SimMemberTest: paths taken: " + counts);
    assertThat(counts)
        .containsKeys(
            "epoch LOST",
            "resumed with the same token",
            "drain timed out",
            "revoked NODE_DELETED",
            "revoked PARTITION_REMOVED",
            "revoked REASSIGNED",
            "revoked SESSION_LOST",
            "revoked CONNECTION_SUSPENDED",
            "revoked CLOSED");
  }

  @Test
  void aSeedReplaysExactly() {
    SimWorld first = new SimWorld(FIRST_SEED + 7, Ownerships::new);
    SimWorld second = new SimWorld(FIRST_SEED + 7, Ownerships::new);
    first.run();
    second.run();
    assertThat(first.steps).isPositive().isEqualTo(second.steps);
    assertThat(first.trace()).isNotEmpty().isEqualTo(second.trace());
  }

  /** Negative control: a machine that takes a partition while another's znode exists is caught. */
  @Test
  void theCheckerCatchesAMachineThatDoesNotWaitForThePreviousZnode() {
    assertCaught("Impatient", BrokenOwnerships.Impatient::new);
  }

  /** Negative control: a machine that deletes its znode before revoked returned is caught. */
  @Test
  void theCheckerCatchesAMachineThatDoesNotWaitForTheDrain() {
    assertCaught("NoDrain", BrokenOwnerships.NoDrain::new);
  }

  private static void assertCaught(String name, MemberMachine.PartFactory broken) {
    for (int i = 0; i < SEEDS; i++) {
      long seed = FIRST_SEED + i;
      SimWorld world = new SimWorld(seed, broken);
      List<String> violations = world.run();
      if (!violations.isEmpty()) {
        System.out.printf(
            "SimMemberTest: the %s machine was caught by seed %d (the %d. tried): " + "%s%n",
            name, seed, i + 1, violations.get(0));
        SimWorld replay = new SimWorld(seed, broken);
        assertThat(replay.run()).as("the failing seed replays exactly").isEqualTo(violations);
        assertThat(replay.trace()).isEqualTo(world.trace());
        return;
      }
    }
    throw new AssertionError(
        "the checker did not catch the " + name + " machine in " + SEEDS + " seeds");
  }

  private static void report(SimWorld world, List<String> violations) {
    System.out.println("SimMemberTest: seed " + world.seed + " failed: " + violations);
    System.out.println(
        "replay with -Dbaton.sim.seed=" + world.seed + " -Dbaton.sim.seeds=1; last steps:");
    world.trace().forEach(line -> System.out.println("  " + line));
  }
}
