// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Cli;
import dev.baton.bench.Handovers;
import dev.baton.bench.Interleaving;
import dev.baton.bench.ResultBuilder;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.contender.ZkOptions;
import dev.baton.bench.election.ElectionRun.CloseMode;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code election-handover}: graceful handover latency and requests, Baton's {@code LeaderElection}
 * against Curator's {@code LeaderLatch} and the raw-ZooKeeper floor ({@link FloorContender}), N
 * candidates each, handovers in rotating order ({@link Interleaving}); one handover is {@link
 * ElectionRun#handover}. Method: docs/benchmarks.md, "Election handover".
 */
@Command(
    name = ElectionHandover.NAME,
    description =
        "graceful leader handover latency (p50/p99) and ZooKeeper requests per handover, Baton"
            + " LeaderElection vs Curator LeaderLatch vs raw ZooKeeper (the floor), N=10 and N=100"
            + " candidates")
public final class ElectionHandover implements Scenario.WithOptions {
  static final String NAME = "election-handover";

  @Option(names = "--candidates", split = ",", defaultValue = "10,100")
  List<Integer> sizes;

  @Mixin Handovers rounds = new Handovers(20, 200);

  @Option(names = "--handover-timeout-ms", defaultValue = "10000")
  long handoverTimeoutMs;

  @Option(names = "--close", defaultValue = "recipe_then_session")
  String close;

  @Mixin ZkOptions zkOptions;

  @Override
  public void run() throws Exception {
    boolean fsync = zkOptions.fsync();
    CloseMode closeMode = CloseMode.parse(close);
    rounds.check();
    Cli.check(sizes.stream().allMatch(n -> n >= 2), "candidates must be at least 2: " + sizes);
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(fsync)) {
      long mntrCost = mntrCost(zk);
      if (!ClientRequests.available()) {
        progress(
            "WARNING: cannot read the ZooKeeper clients' request counters; requests_per_handover"
                + " will include pings");
      }
      progress(
          "ZooKeeper %s (fsync %s); warm-up %d, measured %d handovers per contender and N;"
              + " session timeout %d ms requested; close=%s; one mntr read counts %d packet(s)",
          zk.connectString(),
          fsync,
          rounds.warmup(),
          rounds.handovers(),
          zkOptions.sessionTimeoutMs(),
          closeMode.key(),
          mntrCost);
      ZkClient settings = zkOptions.client(zk.connectString());
      for (int n : sizes) {
        List<ElectionRun> runs =
            Stream.of(Library.BATON, Library.CURATOR, Library.FLOOR)
                .map(
                    l ->
                        new ElectionRun(
                            l,
                            n,
                            "/bench/election-handover/" + l.key() + "-" + n,
                            zk,
                            settings,
                            handoverTimeoutMs,
                            closeMode,
                            mntrCost))
                .toList();
        ElectionRun baton = runs.get(0);
        ElectionRun curator = runs.get(1);
        ElectionRun floor = runs.get(2);
        try {
          long start = System.nanoTime();
          for (ElectionRun r : runs) {
            r.fill();
          }
          progress(
              "N=%d: %d Baton, %d Curator and %d floor candidates joined in %.1f s; negotiated"
                  + " session timeout %d ms",
              n, n, n, n, (System.nanoTime() - start) / 1e9, baton.negotiatedSessionTimeoutMs());
          // Rotating order: every contender goes first, second and last equally often.
          rounds.run(
              runs,
              ElectionRun::handover,
              50,
              (done, total, seconds) ->
                  progress(
                      "N=%d: %d/%d handovers per contender (%.1f s)", n, done, total, seconds));
          report(n, baton, curator, floor, closeMode);
        } finally {
          for (ElectionRun r : runs) {
            r.close();
          }
        }
      }
    }
  }

  /** How many packets one mntr read adds to zk_packets_received (ZooKeeper 3.9 counts it: 1). */
  private static long mntrCost(EmbeddedZooKeeper zk) {
    long previous = zk.packetsReceived();
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < 5; i++) {
      long now = zk.packetsReceived();
      min = Math.min(min, now - previous);
      max = Math.max(max, now - previous);
      previous = now;
    }
    if (min != max) {
      throw new BenchmarkFailure(
          "cannot calibrate the cost of an mntr read: consecutive reads differ by %d to %d packets on an idle server"
              .formatted(min, max));
    }
    return min;
  }

  private void report(
      int n, ElectionRun baton, ElectionRun curator, ElectionRun floor, CloseMode closeMode) {
    for (ElectionRun run : List.of(baton, curator, floor)) {
      String lib = run.library().key();
      progress(
          "N=%d %s: latency p50 %.3f p99 %.3f max %.3f ms; close call p50 %.3f ms; mean packet-count"
              + " window %.3f ms",
          n, lib, run.p50Ms(), run.p99Ms(), run.maxMs(), run.closeP50Ms(), run.meanWindowMs());
      progress(
          "N=%d %s: per handover: %.2f packets counted by the server = %.2f requests (leader %.2f,"
              + " successor %.2f) + %.2f pings",
          n,
          lib,
          run.packetsPerHandover(),
          run.requestsPerHandover(),
          run.leaderRequestsPerHandover(),
          run.successorRequestsPerHandover(),
          run.pingsPerHandover());
      if (run.strayOps() > 0) {
        progress(
            "N=%d %s: WARNING: %d requests of uninvolved candidates fell inside measurement windows;"
                + " the request counts include them",
            n, lib, run.strayOps());
      }
      if (run.unconfirmedWindows() > 0) {
        progress(
            "N=%d %s: WARNING: in %d windows the clients issued more requests than the server had"
                + " counted at the second read",
            n, lib, run.unconfirmedWindows());
      }
    }
    ResultBuilder b =
        new ResultBuilder(NAME)
            .add("candidates", n)
            .add("baton_p50_ms", f("%.3f", baton.p50Ms()))
            .add("baton_p99_ms", f("%.3f", baton.p99Ms()))
            .add("curator_p50_ms", f("%.3f", curator.p50Ms()))
            .add("curator_p99_ms", f("%.3f", curator.p99Ms()))
            .add("ratio_p50", f("%.3f", baton.p50Ms() / curator.p50Ms()))
            .add("ratio_p99", f("%.3f", baton.p99Ms() / curator.p99Ms()))
            .add("floor_p50_ms", f("%.3f", floor.p50Ms()))
            .add("floor_p99_ms", f("%.3f", floor.p99Ms()))
            .add("ratio_p50_floor", f("%.3f", baton.p50Ms() / floor.p50Ms()))
            .add("curator_ratio_p50_floor", f("%.3f", curator.p50Ms() / floor.p50Ms()))
            .add("requests_per_handover", f("%.2f", baton.requestsPerHandover()))
            .add("curator_requests_per_handover", f("%.2f", curator.requestsPerHandover()))
            .add("floor_requests_per_handover", f("%.2f", floor.requestsPerHandover()));
    List<ElectionRun> runs = List.of(baton, curator, floor);
    runs.forEach(
        r -> b.add(r.library().key() + "_packets_per_handover", f("%.2f", r.packetsPerHandover())));
    runs.forEach(
        r -> b.add(r.library().key() + "_successor_requests", f("%.2f", successorRequests(r))));
    b.add("handovers", rounds.handovers()).add("warmup", rounds.warmup());
    b.add("close", closeMode.key()).add("fsync", zkOptions.fsync());
    Cli.result(b.toString());
  }

  private static String f(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }

  /**
   * The successor's requests per handover as the server would count them (its handle's xids), when
   * they can be read; else the operations its Curator tracer completed before the callback, which
   * misses requests sent on the raw ZooKeeper handle (Baton's listing from the watch).
   */
  private static double successorRequests(ElectionRun run) {
    double requests = run.successorRequestsPerHandover();
    return Double.isNaN(requests) ? run.successorOpsPerHandover() : requests;
  }
}
