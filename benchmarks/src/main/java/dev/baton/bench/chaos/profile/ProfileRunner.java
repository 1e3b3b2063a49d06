// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Runs planned trials one after the other within a time budget: a trial starts only if the time
 * left covers the mean duration of the trials of its scenario so far (of any trial, before its
 * scenario ran once), so the profile stops cleanly between trials when it runs out of time.
 */
final class ProfileRunner {
  /** How the run ended: the trials it ran and whether the budget stopped it. */
  record Outcome(int ran, int planned, boolean outOfTime, long elapsedNanos) {}

  private final LongSupplier clock;
  private final long budgetNanos;

  /**
   * @param clock nanoseconds, like {@link System#nanoTime()}
   * @param budgetNanos the time the whole run may take
   */
  ProfileRunner(LongSupplier clock, long budgetNanos) {
    this.clock = clock;
    this.budgetNanos = budgetNanos;
  }

  /** Runs {@code plan} in order with {@code trial} until done or out of time. */
  Outcome run(List<TrialSpec> plan, Function<TrialSpec, ?> trial) {
    long start = clock.getAsLong();
    Map<String, long[]> byScenario = new HashMap<>(); // count, total nanos
    long[] all = new long[2];
    int ran = 0;
    for (TrialSpec spec : plan) {
      long now = clock.getAsLong();
      long[] mine = byScenario.get(spec.scenario());
      long estimate = mine != null ? mine[1] / mine[0] : all[0] == 0 ? 0 : all[1] / all[0];
      if (now - start + estimate > budgetNanos || now - start >= budgetNanos) {
        return new Outcome(ran, plan.size(), true, now - start);
      }
      trial.apply(spec);
      long took = clock.getAsLong() - now;
      long[] m = byScenario.computeIfAbsent(spec.scenario(), s -> new long[2]);
      m[0]++;
      m[1] += took;
      all[0]++;
      all[1] += took;
      ran++;
    }
    return new Outcome(ran, plan.size(), false, clock.getAsLong() - start);
  }
}
