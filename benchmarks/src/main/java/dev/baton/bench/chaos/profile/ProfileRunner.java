// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Runs planned trials within a time budget: a trial starts only if the time left covers its
 * scenario's mean duration so far (any trial's before), so the profile stops cleanly between
 * trials.
 */
final class ProfileRunner {
  /** How the run ended: the trials it ran and whether the budget stopped it. */
  record Outcome(int ran, int planned, boolean outOfTime, long elapsedNanos) {}

  private final LongSupplier clock;
  private final long budgetNanos;

  /** {@code clock} in nanoseconds, {@code budgetNanos} for the whole run. */
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
