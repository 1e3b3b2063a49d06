// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.bench.Cli;
import dev.baton.bench.Interleaving;
import dev.baton.bench.ResultBuilder;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.contender.ZkOptions;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code lock}: acquire + release throughput, Baton's {@code FencedLock} against Curator's {@code
 * InterProcessMutex} and the floor ({@link FloorLockContender}, delete waited for and not), slices
 * in rotating order ({@link Interleaving}); one slice is {@link LockRun#slice}. Method:
 * docs/benchmarks.md, "Fenced lock".
 */
@Command(
    name = LockThroughput.NAME,
    description =
        "fenced lock acquire+release throughput, Baton FencedLock vs Curator InterProcessMutex"
            + " vs raw ZooKeeper (the floor), 1, 4 and 16 contenders")
public final class LockThroughput implements Scenario.WithOptions {
  static final String NAME = "lock";

  @Option(names = "--contenders", split = ",", defaultValue = "1,4,16")
  List<Integer> counts;

  @Option(names = "--warmup-ms", defaultValue = "1000")
  int warmupMs;

  @Option(names = "--duration-ms", defaultValue = "5000")
  int durationMs;

  @Option(names = "--slices", defaultValue = "10")
  int slices;

  @Option(names = "--acquire-timeout-ms", defaultValue = "10000")
  int acquireTimeoutMs;

  @Mixin ZkOptions zkOptions;

  @Override
  public void run() throws Exception {
    boolean fsync = zkOptions.fsync();
    Cli.check(
        warmupMs >= 0 && durationMs >= 1 && slices >= 1 && acquireTimeoutMs >= 1,
        "warmup-ms must be >= 0; duration-ms, slices and acquire-timeout-ms >= 1");
    Cli.check(counts.stream().allMatch(n -> n >= 1), "contenders must be at least 1: " + counts);
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(fsync)) {
      if (!ClientRequests.available()) {
        progress(
            "WARNING: cannot read the ZooKeeper clients' request counters; requests_per_hold is wrong");
      }
      ZkClient settings = zkOptions.client(zk.connectString());
      progress(
          "ZooKeeper %s (fsync %s); per contender count and side: %d ms warm-up, then %d ms measured"
              + " in %d slices, sides in rotating order; acquire timeout %d ms",
          zk.connectString(), fsync, warmupMs, durationMs, slices, acquireTimeoutMs);
      long sliceNanos = TimeUnit.MILLISECONDS.toNanos(durationMs) / slices;
      for (int n : counts) {
        LockRun baton = new LockRun(Library.BATON, n, settings, acquireTimeoutMs);
        LockRun curator = new LockRun(Library.CURATOR, n, settings, acquireTimeoutMs);
        LockRun floor = new LockRun(Library.FLOOR, n, settings, acquireTimeoutMs);
        LockRun floorAsync = new LockRun(Library.FLOOR_ASYNC, n, settings, acquireTimeoutMs);
        List<LockRun> runs = List.of(baton, curator, floor, floorAsync);
        try {
          long start = System.nanoTime();
          for (LockRun r : runs) {
            r.open();
          }
          progress(
              "contenders=%d: %d sessions each for Baton, Curator, the floor and the async floor"
                  + " connected in %.1f s",
              n, n, (System.nanoTime() - start) / 1e9);
          if (warmupMs > 0) {
            for (LockRun r : runs) {
              r.slice(TimeUnit.MILLISECONDS.toNanos(warmupMs), false, zk);
            }
          }
          for (int round = 0; round < slices; round++) {
            // Rotating order: every contender goes first and last equally often.
            for (LockRun r : Interleaving.order(runs, round)) {
              r.slice(sliceNanos, true, zk);
            }
          }
          report(n, baton, curator, floor, floorAsync);
        } finally {
          for (LockRun r : runs) {
            r.close();
          }
        }
      }
    }
  }

  private void report(int n, LockRun baton, LockRun curator, LockRun floor, LockRun floorAsync) {
    for (LockRun run : List.of(baton, curator, floor, floorAsync)) {
      String lib = run.library().key();
      progress(
          "contenders=%d %s: %d holds, %.1f holds/s; slices: %s holds/s; hold latency p50 %.3f p99 %.3f"
              + " max %.3f ms; %.2f requests and %.2f packets per hold; CPU per hold: process %.0f us, contender threads %.1f us%s",
          n,
          lib,
          run.holds(),
          run.holdsPerSecond(),
          run.slices().stream()
              .map(x -> String.format(Locale.ROOT, "%.0f", x.holdsPerSecond()))
              .collect(Collectors.joining(" ")),
          run.p50Ms(),
          run.p99Ms(),
          run.maxMs(),
          run.requestsPerHold(),
          run.packetsPerHold(),
          run.cpuMicrosPerHold(),
          run.callerCpuMicrosPerHold(),
          run.library() == Library.BATON
              ? "; " + run.tokenChecks() + " tokens checked, strictly increasing"
              : "");
    }
    double batonRate = baton.holdsPerSecond();
    ResultBuilder b =
        new ResultBuilder(NAME)
            .add("contenders", n)
            .add("ratio", f("%.3f", batonRate / curator.holdsPerSecond()))
            .add("baton_ops_per_s", f("%.1f", batonRate))
            .add("curator_ops_per_s", f("%.1f", curator.holdsPerSecond()))
            .add("floor_holds_per_s", f("%.1f", floor.holdsPerSecond()))
            .add("ratio_floor", f("%.3f", batonRate / floor.holdsPerSecond()))
            .add(
                "curator_ratio_floor", f("%.3f", curator.holdsPerSecond() / floor.holdsPerSecond()))
            .add("floor_async_holds_per_s", f("%.1f", floorAsync.holdsPerSecond()))
            .add("ratio_floor_async", f("%.3f", batonRate / floorAsync.holdsPerSecond()));
    // then one key per library and measure: baton_p50_ms, curator_p50_ms, floor_p50_ms, ...
    List<LockRun> runs = List.of(baton, curator, floor, floorAsync);
    eachLibrary(b, runs, "_p50_ms", r -> f("%.3f", r.p50Ms()));
    eachLibrary(b, runs, "_p99_ms", r -> f("%.3f", r.p99Ms()));
    eachLibrary(b, runs, "_requests_per_op", r -> f("%.2f", r.requestsPerHold()));
    eachLibrary(b, runs, "_cpu_us_per_op", r -> f("%.0f", r.cpuMicrosPerHold()));
    eachLibrary(b, runs, "_ops", LockRun::holds);
    b.add("duration_ms", durationMs).add("warmup_ms", warmupMs).add("slices", slices);
    b.add("fsync", zkOptions.fsync());
    Cli.result(b.toString());
  }

  private static void eachLibrary(
      ResultBuilder b, List<LockRun> runs, String measure, Function<LockRun, Object> value) {
    runs.forEach(r -> b.add(r.library().key() + measure, value.apply(r)));
  }

  private static String f(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
