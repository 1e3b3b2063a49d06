// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Durations in milliseconds, kept exactly, with nearest-rank percentiles as the failover scenarios
 * have them: the p-th percentile of n sorted samples is the one at rank {@code ceil(p / 100 * n)},
 * so with fewer than 100 samples p99 is the maximum.
 */
final class LeaseSamples {
  private final List<Double> values = new ArrayList<>();

  void add(double millis) {
    values.add(millis);
  }

  int count() {
    return values.size();
  }

  /** The nearest-rank percentile {@code p} in (0, 100], or NaN without samples. */
  double percentile(double p) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }

  /** {@code percentile(p)} with one decimal, {@code NaN} without samples. */
  String text(double p) {
    double millis = percentile(p);
    return Double.isNaN(millis) ? "NaN" : String.format(Locale.ROOT, "%.1f", millis);
  }
}
