// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Cli;
import dev.baton.bench.Scenario;
import dev.baton.bench.assignment.MembershipTrace.Event;
import dev.baton.bench.assignment.MembershipTrace.Kind;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code assignment}: partition moves and balance of Baton's sticky balanced strategy against
 * Kafka's assignors on one seeded membership trace (offline), the compute time of one large
 * assignment ({@link ComputeTiming}), and unless {@code --handoff=false} the time to every
 * partition owned again on real ZooKeeper ({@link HandoffTiming}). Method: docs/benchmarks.md,
 * "Partition assignment".
 */
@Command(
    name = AssignmentComparison.NAME,
    description =
        "partition moves and balance on a join/leave/crash trace, Baton vs Kafka's assignors"
            + " (offline), assignment compute time at 10,000 partitions x 1,000 members, and time"
            + " to every partition owned again after a join, leave or crash on real ZooKeeper")
public final class AssignmentComparison implements Scenario.WithOptions {
  static final String NAME = "assignment";

  @Option(names = "--seed", defaultValue = "20261130")
  long seed;

  @Option(names = "--partitions", defaultValue = "1000")
  int partitions;

  @Option(names = "--events", defaultValue = "300")
  int events;

  @Option(names = "--start-members", defaultValue = "10")
  int start;

  @Option(names = "--min-members", defaultValue = "5")
  int min;

  @Option(names = "--max-members", defaultValue = "20")
  int max;

  @Option(
      names = "--assignors",
      split = ",",
      defaultValue = "baton,cooperative-sticky,sticky,range")
  List<String> assignorNames;

  @Option(names = "--compute", arity = "0..1", fallbackValue = "true", defaultValue = "true")
  boolean compute;

  @Option(names = "--compute-partitions", defaultValue = "10000")
  int computePartitions;

  @Option(names = "--compute-members", defaultValue = "1000")
  int computeMembers;

  @Option(names = "--compute-warmup", defaultValue = "500")
  int computeWarmup;

  @Option(names = "--compute-runs", defaultValue = "200")
  int computeRuns;

  @Option(names = "--compute-kafka-runs", defaultValue = "200")
  int kafkaRuns;

  @Mixin HandoffOptions handoff;

  @Override
  public void run() throws Exception {
    List<String> assignors = assignorNames.stream().map(String::trim).toList();
    for (String n : assignors) {
      Cli.check(
          Assignor.NAMES.contains(n), "unknown assignor '" + n + "'; known: " + Assignor.NAMES);
    }
    if (handoff.enabled) {
      handoff.validate();
    }
    Cli.check(partitions >= 1 && events >= 1, "partitions and events must be at least 1");
    Cli.check(
        computePartitions >= 1
            && computeMembers >= 1
            && computeWarmup >= 0
            && computeRuns >= 1
            && kafkaRuns >= 0,
        "compute-partitions, compute-members and compute-runs must be at least 1,"
            + " compute-warmup and compute-kafka-runs at least 0");
    MembershipTrace trace = MembershipTrace.generate(seed, start, min, max, events);
    Map<Kind, Integer> kinds = new EnumMap<>(Kind.class);
    int smallest = start;
    int largest = start;
    for (Event e : trace.events()) {
      kinds.merge(e.kind(), 1, Integer::sum);
      smallest = Math.min(smallest, e.membersAfter().size());
      largest = Math.max(largest, e.membersAfter().size());
    }
    progress(
        "trace: seed %d, %d partitions, %d members at start, %d events (%d joins, %d leaves, %d crashes),"
            + " group size %d..%d",
        seed,
        partitions,
        start,
        events,
        kinds.getOrDefault(Kind.JOIN, 0),
        kinds.getOrDefault(Kind.LEAVE, 0),
        kinds.getOrDefault(Kind.CRASH, 0),
        smallest,
        largest);

    for (String name : assignors) {
      long t0 = System.nanoTime();
      Stats stats = replay(Assignor.create(name, partitions), trace, partitions);
      stats.report(name, events, partitions, seed, (System.nanoTime() - t0) / 1e9);
    }

    if (compute) {
      progress(
          "compute: %d partitions, %d members; %d untimed calls each, then %d timed Baton and %d timed"
              + " Kafka sticky calls, interleaved in ABBA order",
          computePartitions, computeMembers, computeWarmup, computeRuns, kafkaRuns);
      List<ComputeTiming.Result> results =
          ComputeTiming.run(
              computePartitions, computeMembers, computeWarmup, computeRuns, kafkaRuns, seed);
      results.forEach(
          r ->
              progress(
                  "compute %s: p50 %.3f p99 %.3f max %.3f mean %.3f ms over %d calls",
                  r.assignor(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.meanMs(), r.runs()));
      ComputeTiming.Result baton = results.get(0);
      print(
          String.format(
              Locale.ROOT,
              "RESULT %s-compute partitions=%d members=%d p50_ms=%.3f p99_ms=%.3f max_ms=%.3f"
                  + " assignor=baton runs=%d warmup=%d",
              NAME,
              computePartitions,
              computeMembers,
              baton.p50Ms(),
              baton.p99Ms(),
              baton.maxMs(),
              baton.runs(),
              computeWarmup));
      if (results.size() > 1) {
        ComputeTiming.Result kafka = results.get(1);
        print(
            String.format(
                Locale.ROOT,
                "RESULT %s-compute assignor=sticky partitions=%d members=%d p50_ms=%.3f"
                    + " p99_ms=%.3f max_ms=%.3f ratio=%.4f runs=%d warmup=%d",
                NAME,
                computePartitions,
                computeMembers,
                kafka.p50Ms(),
                kafka.p99Ms(),
                kafka.maxMs(),
                baton.p50Ms() / kafka.p50Ms(),
                kafka.runs(),
                computeWarmup));
      }
    }

    if (handoff.enabled) {
      List<HandoffResult> results =
          HandoffTiming.run(handoff, seed, line -> progress("handoff: %s", line));
      results.forEach(r -> r.describe(line -> progress("%s", line)));
      results.forEach(r -> print(r.resultLine(NAME, handoff)));
    }
  }

  /** Replays the trace through one assignor. */
  static Stats replay(Assignor assignor, MembershipTrace trace, int partitions) {
    String name = assignor.name();
    Map<Integer, String> before = assignor.rebalance(trace.initial(), Map.of());
    Assignments.checkCovers(name + " initial assignment", before, partitions, trace.initial());
    Stats stats = new Stats();
    for (Event e : trace.events()) {
      Map<Integer, String> after = assignor.rebalance(e.membersAfter(), before);
      Assignments.checkCovers(
          name + " after event " + e.index() + " (" + e.kind().label() + ")",
          after,
          partitions,
          e.membersAfter());
      int moved = Assignments.moved(before, after);
      int minimum = Assignments.minimumMoves(before, e.membersAfter(), partitions);
      int imbalance = Assignments.imbalance(after, e.membersAfter());
      if (moved < minimum && imbalance <= 1) {
        throw new BenchmarkFailure(
            String.format(
                Locale.ROOT,
                "%s event %d: a balanced assignment moved %d, below the minimum %d (the minimum"
                    + " is wrong)",
                name,
                e.index(),
                moved,
                minimum));
      }
      stats.add(e.kind(), moved, minimum, imbalance, assignor.lastRounds());
      before = after;
    }
    return stats;
  }

  /** Per-assignor totals over the events. */
  static final class Stats {
    private double worstRatio = Double.NaN;
    private double ratioSum;
    private int ratioEvents;
    private int worstImbalance;
    private long movedTotal;
    private long minimumTotal;
    private int maxRounds;
    private long rounds;
    private int events;
    private final Map<Kind, long[]> byKind = new EnumMap<>(Kind.class); // events, moved, minimum

    void add(Kind kind, int moved, int minimum, int imbalance, int eventRounds) {
      events++;
      movedTotal += moved;
      minimumTotal += minimum;
      worstImbalance = Math.max(worstImbalance, imbalance);
      maxRounds = Math.max(maxRounds, eventRounds);
      rounds += eventRounds;
      if (minimum > 0) {
        double ratio = (double) moved / minimum;
        worstRatio = Double.isNaN(worstRatio) ? ratio : Math.max(worstRatio, ratio);
        ratioSum += ratio;
        ratioEvents++;
      }
      long[] k = byKind.computeIfAbsent(kind, x -> new long[3]);
      k[0]++;
      k[1] += moved;
      k[2] += minimum;
    }

    void report(String name, int eventCount, int partitions, long seed, double seconds) {
      StringBuilder kinds = new StringBuilder();
      byKind.forEach(
          (kind, k) ->
              kinds.append(
                  String.format(
                      Locale.ROOT,
                      "; %s: %d events, moved %d, minimum %d",
                      kind.label(),
                      k[0],
                      k[1],
                      k[2])));
      progress(
          "%s: moved %d, minimum %d%s; rounds per event max %d, mean %.2f; %.2f s",
          name, movedTotal, minimumTotal, kinds, maxRounds, (double) rounds / events, seconds);
      print(
          String.format(
              Locale.ROOT,
              "RESULT %s assignor=%s events=%d moves_ratio=%.2f moves_ratio_mean=%.3f"
                  + " imbalance=%d moved_total=%d minimum_total=%d partitions=%d seed=%d",
              NAME,
              name,
              eventCount,
              worstRatio,
              ratioEvents == 0 ? Double.NaN : ratioSum / ratioEvents,
              worstImbalance,
              movedTotal,
              minimumTotal,
              partitions,
              seed));
    }
  }

  private static void print(String line) {
    Cli.result(line);
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
