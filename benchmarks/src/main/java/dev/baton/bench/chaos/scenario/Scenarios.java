// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The scenarios in the order: 1 to 8 one fault kind each, 9 the soak. */
public final class Scenarios {
  private Scenarios() {}

  /** Scenarios 1 to 8, one fault kind each. */
  public static List<ChaosScenario> faults() {
    return List.of(
        new ChaosScenario(
            1,
            "pause",
            "owner paused (SIGSTOP) past its session until a successor writes, then resumed",
            false,
            OwnerFaults::pause),
        new ChaosScenario(
            2,
            "partition",
            "owner blackholed from its store (ZooKeeper or the lease) while it runs, until a"
                + " successor writes, then healed",
            false,
            OwnerFaults::partition),
        new ChaosScenario(
            3,
            "kill-server",
            "kill -9 of the ZooKeeper server the owner is connected to; restarted after recovery",
            true,
            ServerFaults::killOwnersServer),
        new ChaosScenario(
            4,
            "lose-quorum",
            "2 of 3 servers killed (the owner's among them) past the session timeout, then"
                + " restarted",
            true,
            LoseQuorum::inject),
        new ChaosScenario(
            5,
            "restart-ensemble",
            "every server killed and restarted on its data at once",
            true,
            ServerFaults::restartEnsemble),
        new ChaosScenario(
            6,
            "expiry-storm",
            ExpiryStorm.ROUNDS
                + " rounds of session expiry: everyone by silence, the owner on the server,"
                + " everyone client-side",
            true,
            ExpiryStorm::inject),
        new ChaosScenario(
            7,
            "flapping",
            OwnerFaults.CUTS + " cuts of the owner's connections, each healed inside the session",
            false,
            OwnerFaults::flapping),
        new ChaosScenario(
            8,
            "delayed-write",
            "owner's write held while it is cut off and a successor writes, then sent",
            false,
            OwnerFaults::delayedWrite));
  }

  /** The fault scenario numbered {@code number} (1 to 8). */
  public static ChaosScenario fault(int number) {
    return faults().get(number - 1);
  }

  /** 9. Soak: the applicable scenarios 1 to 8 drawn at random (seeded) until {@code duration}. */
  public static ChaosScenario soak(Duration duration, long seed) {
    return new ChaosScenario(
        9,
        "soak",
        "random schedule of scenarios 1-8 for " + duration.toSeconds() + " s (seed " + seed + ")",
        false,
        run -> {
          Random random = new Random(seed);
          List<ChaosScenario> pool =
              faults().stream()
                  .filter(
                      s ->
                          s.notApplicable(
                                  run.role(), run.options().fence(), run.options().backend())
                              .isEmpty())
                  .toList();
          long deadline = System.nanoTime() + duration.toNanos();
          do {
            ChaosScenario next = pool.get(random.nextInt(pool.size()));
            run.note("soak ran " + next.name());
            next.inject(run);
          } while (System.nanoTime() - deadline < 0);
        });
  }

  /** Scenarios 1 to 9, the soak for {@code soak}. */
  public static List<ChaosScenario> all(Duration soak, long seed) {
    List<ChaosScenario> out = new ArrayList<>(faults());
    out.add(soak(soak, seed));
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
