// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {
  @Test
  void aRunIsAFunctionOfItsSeed() {
    assertThat(run(42)).isEqualTo(run(42));
    assertThat(run(42)).isNotEqualTo(run(43));
  }

  @Test
  void timersFireInVirtualTimeOrderAndOnlyOnceDue() {
    Simulation sim = new Simulation(1);
    List<String> fired = new ArrayList<>();
    sim.schedule(2_000_000, "late", null, () -> fired.add("late@" + sim.clock().millis()));
    sim.schedule(1_000_000, "early", null, () -> fired.add("early@" + sim.clock().millis()));
    Simulation.Timer cancelled = sim.schedule(500_000, "never", null, () -> fired.add("never"));
    cancelled.cancel();
    while (sim.step()) {
      // advance, early, advance, late
    }
    assertThat(fired).containsExactly("early@1", "late@2");
    assertThat(sim.clock().millis()).isEqualTo(2);
    assertThat(sim.trace()).hasSize(4).last().asString().endsWith("late");
  }

  @Test
  void weightsBiasThePick() {
    Simulation sim = new Simulation(7);
    int[] counts = new int[2];
    sim.addSource(
        out -> {
          out.add(new Simulation.Step("rare", null, 1, () -> counts[0]++));
          out.add(new Simulation.Step("common", null, 99, () -> counts[1]++));
        });
    sim.run(10_000, () -> {});
    assertThat(counts[0]).isBetween(50, 200);
  }

  @Test
  void theRandomStreamIsStable() {
    // SplitMix64 from seed 0: the reference values of the algorithm.
    SimRandom r = new SimRandom(0);
    assertThat(r.nextLong()).isEqualTo(0xE220A8397B1DCDAFL);
    assertThat(r.nextLong()).isEqualTo(0x6E789E6AA1B965F4L);
    SimRandom bounded = new SimRandom(3);
    for (int i = 0; i < 1000; i++) {
      assertThat(bounded.nextInt(7)).isBetween(0, 6);
      assertThat(bounded.between(-2, 2)).isBetween(-2, 2);
    }
    assertThat(new SimRandom(5).uuid().version()).isEqualTo(4);
  }

  private static List<String> run(long seed) {
    Simulation sim = new Simulation(seed, 10, true);
    int[] n = new int[3];
    for (int i = 0; i < 3; i++) {
      int k = i;
      sim.addSource(
          out -> {
            if (n[k] < 20) {
              out.add(new Simulation.Step("client", k, 1, () -> n[k]++));
            }
          });
    }
    sim.run(1000, () -> {});
    return sim.fullTrace();
  }
}
