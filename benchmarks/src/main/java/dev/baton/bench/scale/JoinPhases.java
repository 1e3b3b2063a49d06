// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.contender.ZkCandidate;
import java.util.List;
import java.util.Locale;

/**
 * Where a join of many candidates spent its time: starting the candidates (the session's connect
 * and the recipe's construction, on the joiner threads) and, after each one's join call returned,
 * the wait until it settled in the background.
 */
record JoinPhases(
    double allStartedMs,
    double allSettledMs,
    double startP50Ms,
    double startMaxMs,
    double settleLagP50Ms,
    double settleLagP99Ms,
    double settleLagMaxMs) {
  static JoinPhases of(List<ZkCandidate> candidates, long allStartedNanos, long allSettledNanos) {
    long[] start =
        candidates.stream()
            .mapToLong(c -> CandidatePool.tracer(c).joinedAt - CandidatePool.tracer(c).startedAt)
            .sorted()
            .toArray();
    long[] lag =
        candidates.stream()
            .mapToLong(c -> CandidatePool.tracer(c).settledAt() - CandidatePool.tracer(c).joinedAt)
            .sorted()
            .toArray();
    return new JoinPhases(
        allStartedNanos / 1e6,
        allSettledNanos / 1e6,
        at(start, 0.5),
        at(start, 1),
        at(lag, 0.5),
        at(lag, 0.99),
        at(lag, 1));
  }

  private static double at(long[] sorted, double quantile) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
    return sorted[Math.max(0, i)] / 1e6;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "all started after %.0f ms, all settled after %.0f ms; start (session + recipe) p50 %.1f"
            + " max %.1f ms; join call to settled p50 %.1f p99 %.1f max %.1f ms",
        allStartedMs,
        allSettledMs,
        startP50Ms,
        startMaxMs,
        settleLagP50Ms,
        settleLagP99Ms,
        settleLagMaxMs);
  }
}
