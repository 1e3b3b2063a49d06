// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The scenarios in the order. */
public final class Scenarios {
  private Scenarios() {}

  /** Scenarios 1 to 8, one fault kind each. */
  public static List<ChaosScenario> faults() {
    return List.of(
        new PauseOwner(),
        new PartitionOwner(),
        new KillOwnersServer(),
        new LoseQuorum(),
        new RestartEnsemble(),
        new ExpiryStorm(),
        new Flapping(),
        new DelayedWrite());
  }

  /** Scenarios 1 to 9, the soak for {@code soak}. */
  public static List<ChaosScenario> all(Duration soak, long seed) {
    List<ChaosScenario> out = new ArrayList<>(faults());
    out.add(new RandomSchedule(soak, seed));
    return out;
  }

  /** The scenario named {@code name} (as in {@link ChaosScenario#name()}) or numbered so. */
  public static ChaosScenario byName(String name, Duration soak, long seed) {
    for (ChaosScenario s : all(soak, seed)) {
      if (s.name().equals(name) || Integer.toString(s.number()).equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown chaos scenario '" + name + "'");
  }
}
