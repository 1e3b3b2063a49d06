// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A run is a function of its seed: a failing seed printed by a campaign replays exactly. */
class SimReplayTest {
  @Test
  void replaysExactly() {
    for (long seed = 0; seed < 20; seed++) {
      for (boolean lock : new boolean[] {false, true}) {
        assertThat(trace(seed, lock)).as("seed %d", seed).isEqualTo(trace(seed, lock));
      }
    }
  }

  /** A failing run replays exactly too: the same steps up to the same violation. */
  @Test
  void aFailingSeedReplaysExactly() {
    long seed =
        0xBAD_0000L + 154; // election with REVOKE_ON_RELIST fails here (SimNegativeControlTest)
    Settings s = Settings.draw(seed, false, Mutation.REVOKE_ON_RELIST, Finding.OPEN);
    java.util.List<String> first = failingTrace(seed, s);
    assertThat(first).last().asString().contains("violation");
    assertThat(failingTrace(seed, s)).isEqualTo(first);
  }

  private static java.util.List<String> failingTrace(long seed, Settings s) {
    World w = new World(seed, s, true);
    try {
      w.run();
      return java.util.List.of("passed");
    } catch (Violation v) {
      java.util.List<String> out = new java.util.ArrayList<>(w.sim.trace());
      out.add("violation: " + v.getMessage());
      return out;
    }
  }

  /**
   * Runs the seed given as {@code -Dbaton.sim.seed=...} (with {@code -Dbaton.sim.lock=true} for a
   * lock run, {@code -Dbaton.sim.mutation=...} for a mutant), by default a recorded one, and prints
   * its report.
   */
  @Test
  void replaysTheSeedGiven() {
    // Without -Dbaton.sim.seed it replays F1's recorded seed, so the replay path runs in every
    // build.
    String seed = System.getProperty("baton.sim.seed", "253558793").trim();
    boolean lock = Boolean.getBoolean("baton.sim.lock");
    Mutation m = Mutation.valueOf(System.getProperty("baton.sim.mutation", "NONE"));
    Settings settings = Settings.draw(Long.decode(seed), lock, m, Campaign.tolerated());
    try {
      World.Outcome o = new World(Long.decode(seed), settings, true).run();
      System.out.println("seed " + seed + " passed: " + o);
    } catch (RuntimeException | AssertionError e) {
      String report = Campaign.report(Long.decode(seed), settings, e);
      System.out.println(report);
      throw new AssertionError(report, e);
    }
  }

  private static java.util.List<String> trace(long seed, boolean lock) {
    World w = new World(seed, Settings.draw(seed, lock, Mutation.NONE, Finding.OPEN), true);
    try {
      w.run();
    } catch (Violation v) {
      w.sim.note("violation: " + v.getMessage());
    }
    java.util.List<String> out = new java.util.ArrayList<>(w.sim.trace());
    out.add("digest " + w.sim.digest());
    return out;
  }
}
