// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosRun;
import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * 9. Soak: episodes of scenarios 1 to 8, chosen at random (seeded), one after the other against the
 * same clients, until a set time has passed. Only the scenarios that apply to the trial's recipe,
 * fence and backend are drawn: on the lease backend 1, 2, 7 and 8.
 */
public final class RandomSchedule implements ChaosScenario {
  private final Duration duration;
  private final long seed;

  public RandomSchedule(Duration duration, long seed) {
    this.duration = duration;
    this.seed = seed;
  }

  @Override
  public int number() {
    return 9;
  }

  @Override
  public String name() {
    return "soak";
  }

  @Override
  public String description() {
    return "random schedule of scenarios 1-8 for "
        + duration.toSeconds()
        + " s (seed "
        + seed
        + ")";
  }

  @Override
  public void inject(ChaosRun run) {
    Random random = new Random(seed);
    List<ChaosScenario> pool =
        Scenarios.faults().stream()
            .filter(
                s -> s.notApplicable(run.role(), run.fence(), run.options().backend()).isEmpty())
            .toList();
    long deadline = System.nanoTime() + duration.toNanos();
    do {
      ChaosScenario next = pool.get(random.nextInt(pool.size()));
      run.note("soak ran " + next.name());
      next.inject(run);
    } while (System.nanoTime() - deadline < 0);
  }
}
