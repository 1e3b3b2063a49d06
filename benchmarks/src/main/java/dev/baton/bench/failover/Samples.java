// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Durations in milliseconds, kept exactly (a failover scenario records a few dozen at most), with
 * nearest-rank percentiles: the p-th percentile of n sorted samples is the sample at rank {@code
 * ceil(p / 100 * n)}. With fewer than 100 samples p99 is therefore the maximum, and p50 of an even
 * count is the lower of the two middle samples.
 */
final class Samples {
  private final List<Double> values = new ArrayList<>();

  /** Adds one sample, in milliseconds. */
  void add(double millis) {
    if (Double.isNaN(millis)) {
      throw new IllegalArgumentException("a sample is not a number");
    }
    values.add(millis);
  }

  /** Adds the span from {@code startNanos} to {@code endNanos} (both {@link System#nanoTime()}). */
  void addNanos(long startNanos, long endNanos) {
    add((endNanos - startNanos) / 1e6);
  }

  int count() {
    return values.size();
  }

  /**
   * The nearest-rank percentile {@code p} (0 < p <= 100).
   *
   * @throws IllegalStateException if there are no samples
   */
  double percentile(double p) {
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException("percentile " + p + " is not in (0, 100]");
    }
    if (values.isEmpty()) {
      throw new IllegalStateException("no samples");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }

  double p50() {
    return percentile(50);
  }

  double p99() {
    return percentile(99);
  }

  double max() {
    return percentile(100);
  }

  /**
   * The lowest sample.
   *
   * @throws IllegalStateException if there are no samples
   */
  double min() {
    return values.stream()
        .mapToDouble(Double::doubleValue)
        .min()
        .orElseThrow(() -> new IllegalStateException("no samples"));
  }

  /** How many samples exceed {@code limit}. */
  long countAbove(double limit) {
    return values.stream().filter(v -> v > limit).count();
  }

  /** The samples in the order they were added, formatted for progress lines. */
  String describe() {
    return Arrays.toString(values.stream().map(Samples::ms).toArray());
  }

  /** Milliseconds with one decimal, or {@code NaN} for a missing value: {@code 12.3}. */
  static String ms(double millis) {
    return String.format(Locale.ROOT, "%.1f", millis);
  }

  /** {@link #p50()} formatted, or {@code NaN} without samples. */
  String p50Text() {
    return values.isEmpty() ? "NaN" : ms(p50());
  }

  /** {@link #p99()} formatted, or {@code NaN} without samples. */
  String p99Text() {
    return values.isEmpty() ? "NaN" : ms(p99());
  }
}
