// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupAssignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.common.TopicPartition;

/**
 * How long one assignment takes at a large size (default 10,000 partitions, 1,000 members): Baton's
 * {@link StickyBalancedStrategy} and, as a baseline, Kafka's eager {@code StickyAssignor}.
 *
 * <p>A seeded chain of single membership changes (join, leave, join, leave, ...: the group moves
 * between M and M+1 members) is applied to both; each call gets the previous call's result as its
 * previous assignment. The iterations interleave the two assignors (Baton, then Kafka, on the same
 * change), so JIT, GC and machine noise hit both alike in the timed window. Baton warms up alone
 * first (its calls are short, so the JIT needs many), then Kafka joins the chain with an unmeasured
 * first assignment and its own warm-up, then both are timed, each call on its own with {@code
 * System.nanoTime()}, until each has its runs. Only the assignment call is timed: building the
 * member list (Baton) or the subscriptions with their user data (Kafka) and the sanity checks are
 * not.
 */
final class ComputeTiming {
  /** Percentiles of one assignor's calls, ms. */
  record Result(
      String assignor, int runs, double p50Ms, double p99Ms, double maxMs, double meanMs) {}

  private ComputeTiming() {}

  /**
   * Runs the chain. {@code kafkaRuns == 0} skips Kafka.
   *
   * @return Baton's result, then Kafka's if it ran
   */
  static List<Result> run(
      int partitions,
      int members,
      int warmup,
      int runs,
      int kafkaWarmup,
      int kafkaRuns,
      long seed) {
    Random random = new Random(seed);
    Set<String> used = new HashSet<>();
    List<String> group = new ArrayList<>();
    for (int i = 0; i < members; i++) {
      group.add(MembershipTrace.newId(random, used));
    }
    SortedSet<Integer> all = BatonAssignor.range(partitions);
    StickyBalancedStrategy strategy = new StickyBalancedStrategy();
    Map<Integer, String> baton = strategy.assign(all, BatonAssignor.profiles(group), Map.of());
    KafkaAssignor kafka =
        kafkaRuns > 0 ? new KafkaAssignor(KafkaAssignor.Kind.STICKY, partitions) : null;
    Map<String, List<TopicPartition>> kafkaOwned = null;
    double[] batonMs = new double[runs];
    double[] kafkaMs = new double[kafkaRuns];
    // Iterations: [0, warmup) Baton alone; [warmup, timed) both, untimed (Kafka's warm-up);
    // [timed, ...) both timed, each until it has its runs.
    int timed = warmup + (kafka == null ? 0 : kafkaWarmup);
    int total = timed + Math.max(runs, kafka == null ? 0 : kafkaRuns);
    long started = System.nanoTime();
    for (int i = 0; i < total; i++) {
      boolean batonActive = i < timed + runs;
      boolean kafkaActive = kafka != null && i >= warmup && i < timed + kafkaRuns;
      if (kafkaActive && kafkaOwned == null) {
        // Kafka joins the chain here: its first assignment, of the group as it is, is not measured.
        kafkaOwned = kafka.deliver(kafka.compute(kafka.prepare(group, Map.of())));
      }
      if (i % 2 == 0) {
        group.add(MembershipTrace.newId(random, used));
      } else {
        group.remove(random.nextInt(group.size()));
      }
      if (batonActive) {
        List<MemberProfile> profiles = BatonAssignor.profiles(group);
        long t0 = System.nanoTime();
        Map<Integer, String> next = strategy.assign(all, profiles, baton);
        long t1 = System.nanoTime();
        checkBalanced("baton", next, partitions, group);
        if (i >= timed) {
          batonMs[i - timed] = (t1 - t0) / 1e6;
        }
        baton = next;
      }
      if (kafkaActive) {
        GroupSubscription subscriptions = kafka.prepare(group, kafkaOwned);
        long t0 = System.nanoTime();
        GroupAssignment assignment = kafka.compute(subscriptions);
        long t1 = System.nanoTime();
        kafkaOwned = kafka.deliver(assignment);
        checkBalanced("sticky", toMap(kafkaOwned), partitions, group);
        if (i >= timed) {
          kafkaMs[i - timed] = (t1 - t0) / 1e6;
        }
      }
      if (i > 0 && i % 200 == 0) {
        progress(
            "compute: %d of %d iterations in %.1f s",
            i, total, (System.nanoTime() - started) / 1e9);
      }
    }
    List<Result> results = new ArrayList<>();
    results.add(summarize("baton", batonMs));
    if (kafka != null) {
      results.add(summarize("sticky", kafkaMs));
    }
    return results;
  }

  private static void checkBalanced(
      String who, Map<Integer, String> assignment, int partitions, List<String> group) {
    Assignments.checkCovers(who + " (compute)", assignment, partitions, group);
    int imbalance = Assignments.imbalance(assignment, group);
    if (imbalance > 1) {
      throw new BenchmarkFailure(who + " (compute): imbalance " + imbalance);
    }
  }

  private static Map<Integer, String> toMap(Map<String, List<TopicPartition>> owned) {
    Map<Integer, String> out = new HashMap<>();
    owned.forEach(
        (m, tps) ->
            tps.forEach(
                tp -> {
                  if (out.put(tp.partition(), m) != null) {
                    throw new BenchmarkFailure(
                        "sticky (compute): partition " + tp + " assigned twice");
                  }
                }));
    return out;
  }

  private static Result summarize(String assignor, double[] ms) {
    double[] sorted = ms.clone();
    Arrays.sort(sorted);
    double sum = 0;
    for (double x : sorted) {
      sum += x;
    }
    return new Result(
        assignor,
        sorted.length,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1],
        sorted.length == 0 ? Double.NaN : sum / sorted.length);
  }

  /** Nearest rank. */
  static double percentile(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }

  private static void progress(String format, Object... args) {
    System.err.println(
        "[" + AssignmentComparison.NAME + "] " + String.format(Locale.ROOT, format, args));
  }
}
