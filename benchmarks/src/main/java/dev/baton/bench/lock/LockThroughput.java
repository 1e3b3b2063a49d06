// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.bench.Cli;
import dev.baton.bench.Interleaving;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.contender.ZkOptions;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
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
    String line =
        String.format(
            Locale.ROOT,
            "RESULT %s contenders=%d ratio=%.3f baton_ops_per_s=%.1f curator_ops_per_s=%.1f"
                + " floor_holds_per_s=%.1f ratio_floor=%.3f curator_ratio_floor=%.3f"
                + " floor_async_holds_per_s=%.1f ratio_floor_async=%.3f baton_p50_ms=%.3f"
                + " curator_p50_ms=%.3f floor_p50_ms=%.3f floor_async_p50_ms=%.3f baton_p99_ms=%.3f"
                + " curator_p99_ms=%.3f floor_p99_ms=%.3f floor_async_p99_ms=%.3f"
                + " baton_requests_per_op=%.2f curator_requests_per_op=%.2f floor_requests_per_op=%.2f"
                + " floor_async_requests_per_op=%.2f baton_cpu_us_per_op=%.0f curator_cpu_us_per_op=%.0f"
                + " floor_cpu_us_per_op=%.0f floor_async_cpu_us_per_op=%.0f baton_ops=%d curator_ops=%d"
                + " floor_ops=%d floor_async_ops=%d duration_ms=%d warmup_ms=%d slices=%d fsync=%s",
            NAME,
            n,
            baton.holdsPerSecond() / curator.holdsPerSecond(),
            baton.holdsPerSecond(),
            curator.holdsPerSecond(),
            floor.holdsPerSecond(),
            baton.holdsPerSecond() / floor.holdsPerSecond(),
            curator.holdsPerSecond() / floor.holdsPerSecond(),
            floorAsync.holdsPerSecond(),
            baton.holdsPerSecond() / floorAsync.holdsPerSecond(),
            baton.p50Ms(),
            curator.p50Ms(),
            floor.p50Ms(),
            floorAsync.p50Ms(),
            baton.p99Ms(),
            curator.p99Ms(),
            floor.p99Ms(),
            floorAsync.p99Ms(),
            baton.requestsPerHold(),
            curator.requestsPerHold(),
            floor.requestsPerHold(),
            floorAsync.requestsPerHold(),
            baton.cpuMicrosPerHold(),
            curator.cpuMicrosPerHold(),
            floor.cpuMicrosPerHold(),
            floorAsync.cpuMicrosPerHold(),
            baton.holds(),
            curator.holds(),
            floor.holds(),
            floorAsync.holds(),
            durationMs,
            warmupMs,
            slices,
            zkOptions.fsync());
    Cli.result(line);
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
