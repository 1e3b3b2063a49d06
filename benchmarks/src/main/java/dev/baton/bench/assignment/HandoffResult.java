// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.assignment.MembershipTrace.Kind;
import dev.baton.partition.GroupConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.DoubleStream;

/** The figures of one event kind over its recorded handoff trials, and their RESULT line. */
record HandoffResult(
    Kind event,
    int trials,
    double p50Ms,
    double p99Ms,
    double maxMs,
    double meanMs,
    double publishedP50Ms,
    double afterPublishedP50Ms,
    double movedMean,
    double minimumMean,
    int assignerRemoved) {

  /** One recorded trial. */
  record Sample(double ms, double publishedMs, int moved, int minimum, boolean assignerRemoved) {}

  static HandoffResult of(Kind event, List<Sample> list) {
    double[] ms = sorted(list.stream().mapToDouble(Sample::ms));
    double[] pub = sorted(list.stream().mapToDouble(Sample::publishedMs));
    double[] afterPub = sorted(list.stream().mapToDouble(x -> x.ms() - x.publishedMs()));
    return new HandoffResult(
        event,
        ms.length,
        ComputeTiming.percentile(ms, 0.50),
        ComputeTiming.percentile(ms, 0.99),
        ms.length == 0 ? Double.NaN : ms[ms.length - 1],
        Arrays.stream(ms).average().orElse(Double.NaN),
        ComputeTiming.percentile(pub, 0.50),
        ComputeTiming.percentile(afterPub, 0.50),
        list.stream().mapToInt(Sample::moved).average().orElse(Double.NaN),
        list.stream().mapToInt(Sample::minimum).average().orElse(Double.NaN),
        (int) list.stream().filter(Sample::assignerRemoved).count());
  }

  /** The values that are numbers (no observer arrival makes NaN), sorted. */
  private static double[] sorted(DoubleStream values) {
    return values.filter(x -> !Double.isNaN(x)).sorted().toArray();
  }

  /** The progress line on stderr (through {@code progress}). */
  void describe(Consumer<String> progress) {
    progress.accept(
        String.format(
            Locale.ROOT,
            "handoff %s: p50 %.1f p99 %.1f max %.1f mean %.1f ms over %d trials; new generation"
                + " received by an observer after p50 %.1f ms, all owned p50 %.1f ms after that;"
                + " moved %.1f (minimum %.1f) on average; the assigner was the one removed in %d",
            event.label(),
            p50Ms,
            p99Ms,
            maxMs,
            meanMs,
            trials,
            publishedP50Ms,
            afterPublishedP50Ms,
            movedMean,
            minimumMean,
            assignerRemoved));
  }

  /** The RESULT line of scenario {@code name}, with the settings it ran with. */
  String resultLine(String name, HandoffOptions options) {
    // The delays the members got: the library's defaults unless set.
    GroupConfig effective = options.memberConfig("/validate", "validate");
    return String.format(
        Locale.ROOT,
        "RESULT %s-handoff event=%s trials=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f"
            + " partitions=%d members=%d rebalance_delay_ms=%d moved_mean=%.1f"
            + " rebalance_max_delay_ms=%d published_p50_ms=%.1f minimum_mean=%.1f"
            + " session_timeout_ms=%d",
        name,
        event.label(),
        trials,
        p50Ms,
        p99Ms,
        maxMs,
        options.partitions,
        options.members,
        effective.rebalanceDelay().toMillis(),
        movedMean,
        effective.rebalanceMaxDelay().toMillis(),
        publishedP50Ms,
        minimumMean,
        options.sessionTimeoutMs);
  }
}
