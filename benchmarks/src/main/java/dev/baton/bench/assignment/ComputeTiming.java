// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Cli;
import dev.baton.bench.Interleaving;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupAssignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.common.TopicPartition;

/**
 * How long one assignment takes at a large size: Baton's {@link StickyBalancedStrategy} against
 * Kafka's eager {@code StickyAssignor}, on a seeded chain of single membership changes, the two
 * called in ABBA order ({@link Interleaving}); only the assignment call is timed. Method:
 * docs/benchmarks.md, "Partition assignment".
 */
final class ComputeTiming {
  /** Percentiles of one assignor's calls, ms. */
  record Result(
      String assignor, int runs, double p50Ms, double p99Ms, double maxMs, double meanMs) {}

  /** One assignor in the chain: its own state, one call per iteration while it is active. */
  private interface Side {
    /** Assigns the group after this iteration's change; returns the call's duration, ns. */
    long step(List<String> group);
  }

  private ComputeTiming() {}

  /**
   * Runs the chain. {@code kafkaRuns == 0} skips Kafka.
   *
   * @param warmup untimed iterations, the same for both assignors
   * @return Baton's result, then Kafka's if it ran
   */
  static List<Result> run(
      int partitions, int members, int warmup, int runs, int kafkaRuns, long seed) {
    Random random = new Random(seed);
    Set<String> used = new HashSet<>();
    List<String> group = new ArrayList<>();
    for (int i = 0; i < members; i++) {
      group.add(MembershipTrace.newId(random, used));
    }
    Side baton = batonSide(partitions, group);
    Side kafka = kafkaRuns > 0 ? kafkaSide(partitions, group) : null;
    double[] batonMs = new double[runs];
    double[] kafkaMs = new double[kafkaRuns];
    List<Side> sides = kafka == null ? List.of(baton) : List.of(baton, kafka);
    int total = warmup + Math.max(runs, kafkaRuns);
    long started = System.nanoTime();
    for (int i = 0; i < total; i++) {
      if (i % 2 == 0) {
        group.add(MembershipTrace.newId(random, used));
      } else {
        group.remove(random.nextInt(group.size()));
      }
      int timed = i - warmup;
      for (Side side : Interleaving.order(sides, i)) {
        boolean isBaton = side == baton;
        int sideRuns = isBaton ? runs : kafkaRuns;
        if (timed >= sideRuns) {
          continue; // this side has all its timed calls
        }
        long nanos = side.step(group);
        if (timed >= 0) {
          (isBaton ? batonMs : kafkaMs)[timed] = nanos / 1e6;
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

  private static Side batonSide(int partitions, List<String> initialGroup) {
    SortedSet<Integer> all = BatonAssignor.range(partitions);
    StickyBalancedStrategy strategy = new StickyBalancedStrategy();
    Map<Integer, String> first =
        strategy.assign(all, BatonAssignor.profiles(initialGroup), Map.of());
    return new Side() {
      private Map<Integer, String> previous = first;

      @Override
      public long step(List<String> group) {
        List<MemberProfile> profiles = BatonAssignor.profiles(group);
        long t0 = System.nanoTime();
        Map<Integer, String> next = strategy.assign(all, profiles, previous);
        long t1 = System.nanoTime();
        checkBalanced("baton", next, partitions, group);
        previous = next;
        return t1 - t0;
      }
    };
  }

  private static Side kafkaSide(int partitions, List<String> initialGroup) {
    KafkaAssignor kafka = new KafkaAssignor(KafkaAssignor.Kind.STICKY, partitions);
    Map<String, List<TopicPartition>> first =
        kafka.deliver(kafka.compute(kafka.prepare(initialGroup, Map.of())));
    return new Side() {
      private Map<String, List<TopicPartition>> owned = first;

      @Override
      public long step(List<String> group) {
        GroupSubscription subscriptions = kafka.prepare(group, owned);
        long t0 = System.nanoTime();
        GroupAssignment assignment = kafka.compute(subscriptions);
        long t1 = System.nanoTime();
        owned = kafka.deliver(assignment);
        checkBalanced("sticky", kafka.toMap(owned), partitions, group);
        return t1 - t0;
      }
    };
  }

  private static void checkBalanced(
      String who, Map<Integer, String> assignment, int partitions, List<String> group) {
    Assignments.checkCovers(who + " (compute)", assignment, partitions, group);
    int imbalance = Assignments.imbalance(assignment, group);
    if (imbalance > 1) {
      throw new BenchmarkFailure(who + " (compute): imbalance " + imbalance);
    }
  }

  private static Result summarize(String assignor, double[] ms) {
    double[] sorted = Arrays.stream(ms).sorted().toArray();
    return new Result(
        assignor,
        sorted.length,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1],
        Arrays.stream(sorted).average().orElse(Double.NaN));
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
    Cli.progress(AssignmentComparison.NAME, format, args);
  }
}
