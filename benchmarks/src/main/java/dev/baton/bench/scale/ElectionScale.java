// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.Cli;
import dev.baton.bench.Handovers;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.ZkOptions;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code election-scale}: one election with many candidates, Baton against Curator, each library in
 * a fresh child JVM ({@link ScaleChild}) so that heap and threads are its own; handovers alternate
 * ABBA. Method: docs/benchmarks.md, "Election with 1,000 candidates".
 */
@Command(
    name = ElectionScale.NAME,
    description =
        "1,000 candidates on one election, each with its own session: join time, handover"
            + " p50/p99 against 10 candidates, watches, heap and threads per candidate, Baton vs"
            + " Curator, each in its own JVM")
public final class ElectionScale implements Scenario.WithOptions {
  static final String NAME = "election-scale";

  @Option(names = "--candidates", defaultValue = "1000")
  int candidates;

  @Option(names = "--baseline-candidates", defaultValue = "10")
  int baseline;

  @Option(names = "--server-warmup", description = "raw sessions first; default: --candidates")
  Integer serverWarmupOption;

  @Option(
      names = "--join-both-orders",
      arity = "0..1",
      fallbackValue = "true",
      defaultValue = "true")
  boolean bothOrders;

  @Mixin Handovers rounds = new Handovers(5, 30);

  @Mixin ChildOptions child;

  @Mixin ZkOptions zkOptions;

  @Override
  public void run() throws Exception {
    boolean fsync = zkOptions.fsync();
    int serverWarmup = serverWarmupOption == null ? candidates : serverWarmupOption;
    Cli.check(serverWarmup >= 0, "server-warmup must be at least 0");
    Cli.check(
        candidates >= 2 && baseline >= 2, "candidates and baseline-candidates must be at least 2");
    child.check();
    rounds.check();
    long started = System.nanoTime();
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(fsync)) {
      progress(
          "ZooKeeper %s (fsync %s); N=%d and N=%d; %d warm-up + %d measured handovers per library"
              + " and N; %d join threads; child JVMs %s",
          zk.connectString(),
          fsync,
          candidates,
          baseline,
          rounds.warmup(),
          rounds.handovers(),
          child.joinThreads,
          child.jvmOptions());
      if (serverWarmup > 0) {
        double ms =
            ServerWarmup.run(
                zk.connectString(),
                "/bench/election-scale/server-warmup",
                serverWarmup,
                child.joinThreads,
                child.timeoutMs);
        progress(
            "server warmed up: %d raw sessions joined and closed in %.0f ms", serverWarmup, ms);
      }
      // The library that joins second finds the other's N sessions on the server: with both
      // orders, a join-only round with Curator first comes before the main round (Baton first).
      Map<String, Double> reversed = bothOrders ? joinReversed(zk, candidates) : Map.of();
      SizeRun big = runSize(zk, candidates, 0);
      SizeRun small = runSize(zk, baseline, 1);
      report(big, small, reversed, serverWarmup);
    }
    progress("done in %.0f s", (System.nanoTime() - started) / 1e9);
  }

  /**
   * A join-only round at {@code n} in the order opposite to the main round's (Curator first, then
   * Baton, each in a fresh child): each library's join time, Curator's when it joins first and
   * Baton's when it joins second.
   */
  private Map<String, Double> joinReversed(EmbeddedZooKeeper zk, int n) throws Exception {
    Map<String, Double> joinMs = new HashMap<>();
    List<LibraryRun> runs = new ArrayList<>();
    try {
      startChildren(runs, zk, n, List.of("curator", "baton"), "-reversed");
      for (LibraryRun r : runs) {
        r.awaitReady();
      }
      for (LibraryRun r : runs) {
        progress("N=%d %s (join-only round): joined %s", n, r.library(), r.join());
        joinMs.put(r.library(), r.joinedValue("join_all_ms"));
      }
      for (LibraryRun r : runs) {
        r.quit();
      }
    } finally {
      for (LibraryRun r : runs) {
        r.close();
      }
    }
    return joinMs;
  }

  /**
   * Starts one child per library, in order, into {@code runs} (so that the caller closes the ones
   * started even if a later start fails), on paths {@code
   * /bench/election-scale/<library>-<n><suffix>}.
   */
  private void startChildren(
      List<LibraryRun> runs, EmbeddedZooKeeper zk, int n, List<String> libraries, String suffix) {
    for (String library : libraries) {
      String path = "/bench/election-scale/" + library + "-" + n + suffix;
      runs.add(
          new LibraryRun(
              library,
              n,
              child.jvmOptionsFor(library, n),
              child.args(library, zk.connectString(), path, n, zkOptions),
              child.timeoutMs));
    }
  }

  /** Both libraries at one candidate count. */
  record SizeRun(int candidates, LibraryRun baton, LibraryRun curator) {}

  private SizeRun runSize(EmbeddedZooKeeper zk, int n, int round) throws Exception {
    List<LibraryRun> runs = new ArrayList<>();
    try {
      startChildren(runs, zk, n, List.of("baton", "curator"), "");
      LibraryRun baton = runs.get(0);
      LibraryRun curator = runs.get(1);
      for (LibraryRun r : runs) {
        r.awaitReady();
        progress("N=%d %s: child ready, baseline %s", n, r.library(), r.readyFields());
      }
      // The first library joins while the other child is idle, the second with the first's N
      // idle sessions on the server: the order alternates between the counts.
      List<LibraryRun> joinOrder = round % 2 == 0 ? runs : List.of(curator, baton);
      for (LibraryRun r : joinOrder) {
        progress("N=%d %s: joined %s", n, r.library(), r.join());
      }
      rounds.run( // ABBA
          runs,
          LibraryRun::handover,
          10,
          (done, total, seconds) ->
              progress("N=%d: %d/%d handovers per library (%.1f s)", n, done, total, seconds));
      for (LibraryRun r : runs) {
        progress(
            "N=%d %s: handover p50 %.3f p99 %.3f max %.3f ms; leader's close call p50 %.1f ms",
            n, r.library(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.closeP50Ms());
      }
      long quitStart = System.nanoTime();
      for (LibraryRun r : runs) {
        r.quit();
      }
      progress("N=%d: both children closed in %.1f s", n, (System.nanoTime() - quitStart) / 1e9);
      return new SizeRun(n, baton, curator);
    } finally {
      for (LibraryRun r : runs) {
        r.close();
      }
    }
  }

  private void report(SizeRun big, SizeRun small, Map<String, Double> reversed, int serverWarmup) {
    LibraryRun b = big.baton();
    LibraryRun c = big.curator();
    double batonFirst = b.joinedValue("join_all_ms");
    double curatorSecond = c.joinedValue("join_all_ms");
    double batonJoin = (batonFirst + reversed.getOrDefault("baton", batonFirst)) / 2;
    double curatorJoin = (curatorSecond + reversed.getOrDefault("curator", curatorSecond)) / 2;
    String orders =
        reversed.isEmpty()
            ? " join_orders=1"
            : String.format(
                Locale.ROOT,
                " join_orders=2 baton_join_first_ms=%.0f baton_join_second_ms=%.0f"
                    + " curator_join_first_ms=%.0f curator_join_second_ms=%.0f",
                batonFirst,
                reversed.get("baton"),
                reversed.get("curator"),
                curatorSecond);
    String line =
        String.format(
            Locale.ROOT,
            "RESULT %s candidates=%d join_all_ms=%.0f handover_p50_ms=%.3f handover_p99_ms=%.3f"
                + " handover_p50_ratio_vs_%d=%.3f watches_per_candidate=%.3f"
                + " heap_kb_per_candidate=%.1f threads_per_candidate=%.3f"
                + " curator_join_all_ms=%.0f curator_handover_p50_ms=%.3f"
                + " curator_handover_p99_ms=%.3f curator_handover_p50_ratio_vs_%d=%.3f"
                + " curator_heap_kb_per_candidate=%.1f curator_threads_per_candidate=%.3f"
                + " curator_watches_per_candidate=%.3f ratio_p50=%.3f ratio_join=%.3f"
                + " ratio_heap=%.3f baseline_candidates=%d baseline_handover_p50_ms=%.3f"
                + " curator_baseline_handover_p50_ms=%.3f handovers=%d warmup=%d"
                + " join_threads=%d server_warmup=%d fsync=%s",
            NAME,
            big.candidates(),
            batonJoin,
            b.p50Ms(),
            b.p99Ms(),
            small.candidates(),
            b.p50Ms() / small.baton().p50Ms(),
            b.joinedValue("watches_per_candidate"),
            b.joinedValue("heap_kb_per_candidate"),
            b.joinedValue("threads_per_candidate"),
            curatorJoin,
            c.p50Ms(),
            c.p99Ms(),
            small.candidates(),
            c.p50Ms() / small.curator().p50Ms(),
            c.joinedValue("heap_kb_per_candidate"),
            c.joinedValue("threads_per_candidate"),
            c.joinedValue("watches_per_candidate"),
            b.p50Ms() / c.p50Ms(),
            batonJoin / curatorJoin,
            b.joinedValue("heap_kb_per_candidate") / c.joinedValue("heap_kb_per_candidate"),
            small.candidates(),
            small.baton().p50Ms(),
            small.curator().p50Ms(),
            rounds.handovers(),
            rounds.warmup(),
            child.joinThreads,
            serverWarmup,
            zkOptions.fsync());
    System.out.println(line + orders);
    System.out.flush();
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
