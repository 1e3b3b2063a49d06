// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.bench.Scenario;
import dev.baton.bench.Settings;
import dev.baton.bench.lock.LockContender.ClientSettings;
import dev.baton.bench.lock.LockRun.Library;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Lock acquire + release throughput, Baton's {@code FencedLock} against Curator's {@code
 * InterProcessMutex}, with 1, 4 and 16 contenders (threads, each with its own session), on one
 * in-process ZooKeeper server in the same run.
 *
 * <p>Per contender count: both libraries' contenders connect, each library warms up, then measured
 * slices alternate between the libraries in ABBA order (B C C B ...). See {@link LockRun} for one
 * slice.
 */
public final class LockThroughput implements Scenario {
  static final String NAME = "lock";
  private static final Set<String> KEYS =
      Set.of(
          "contenders",
          "warmup-ms",
          "duration-ms",
          "slices",
          "acquire-timeout-ms",
          "session-timeout-ms",
          "connection-timeout-ms",
          "fsync");

  @Override
  public String description() {
    return "fenced lock acquire+release throughput, Baton FencedLock vs Curator InterProcessMutex,"
        + " 1, 4 and 16 contenders";
  }

  @Override
  public void run(List<String> args) throws Exception {
    Settings s = Settings.parse(args, KEYS);
    List<Integer> counts = s.integers("contenders", "1,4,16");
    int warmupMs = s.integer("warmup-ms", 1_000);
    int durationMs = s.integer("duration-ms", 5_000);
    int slices = s.integer("slices", 10);
    int acquireTimeoutMs = s.integer("acquire-timeout-ms", 10_000);
    int sessionTimeoutMs = s.integer("session-timeout-ms", 15_000);
    int connectionTimeoutMs = s.integer("connection-timeout-ms", 5_000);
    boolean fsync = s.bool("fsync", true);
    if (warmupMs < 0 || durationMs < 1 || slices < 1 || acquireTimeoutMs < 1) {
      throw new IllegalArgumentException(
          "warmup-ms must be >= 0; duration-ms, slices and acquire-timeout-ms >= 1");
    }
    for (int n : counts) {
      if (n < 1) {
        throw new IllegalArgumentException("contenders must be at least 1, got " + n);
      }
    }
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(fsync)) {
      if (!ClientRequests.available()) {
        progress(
            "WARNING: cannot read the ZooKeeper clients' request counters; requests_per_hold is wrong");
      }
      ClientSettings settings =
          new ClientSettings(zk.connectString(), sessionTimeoutMs, connectionTimeoutMs);
      progress(
          "ZooKeeper %s (fsync %s); per contender count and library: %d ms warm-up, then %d ms measured"
              + " in %d slices, libraries alternating ABBA; acquire timeout %d ms",
          zk.connectString(), fsync, warmupMs, durationMs, slices, acquireTimeoutMs);
      long sliceNanos = TimeUnit.MILLISECONDS.toNanos(durationMs) / slices;
      for (int n : counts) {
        LockRun baton =
            new LockRun(Library.BATON, n, "/bench/lock/baton-" + n, settings, acquireTimeoutMs);
        LockRun curator =
            new LockRun(Library.CURATOR, n, "/bench/lock/curator-" + n, settings, acquireTimeoutMs);
        try {
          long start = System.nanoTime();
          baton.open();
          curator.open();
          progress(
              "contenders=%d: %d Baton and %d Curator sessions connected in %.1f s",
              n, n, n, (System.nanoTime() - start) / 1e9);
          if (warmupMs > 0) {
            baton.slice(TimeUnit.MILLISECONDS.toNanos(warmupMs), false, zk);
            curator.slice(TimeUnit.MILLISECONDS.toNanos(warmupMs), false, zk);
          }
          for (int k = 0; k < 2 * slices; k++) {
            LockRun first = k % 4 == 0 || k % 4 == 3 ? baton : curator;
            first.slice(sliceNanos, true, zk);
          }
          report(n, baton, curator, durationMs, warmupMs, slices, fsync);
        } finally {
          baton.close();
          curator.close();
        }
      }
    }
  }

  private static void report(
      int n,
      LockRun baton,
      LockRun curator,
      int durationMs,
      int warmupMs,
      int slices,
      boolean fsync) {
    for (LockRun run : List.of(baton, curator)) {
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
            "RESULT %s contenders=%d ratio=%.3f baton_ops_per_s=%.1f curator_ops_per_s=%.1f baton_p50_ms=%.3f"
                + " curator_p50_ms=%.3f baton_p99_ms=%.3f curator_p99_ms=%.3f baton_requests_per_op=%.2f"
                + " curator_requests_per_op=%.2f baton_cpu_us_per_op=%.0f curator_cpu_us_per_op=%.0f baton_ops=%d"
                + " curator_ops=%d duration_ms=%d warmup_ms=%d slices=%d fsync=%s",
            NAME,
            n,
            baton.holdsPerSecond() / curator.holdsPerSecond(),
            baton.holdsPerSecond(),
            curator.holdsPerSecond(),
            baton.p50Ms(),
            curator.p50Ms(),
            baton.p99Ms(),
            curator.p99Ms(),
            baton.requestsPerHold(),
            curator.requestsPerHold(),
            baton.cpuMicrosPerHold(),
            curator.cpuMicrosPerHold(),
            baton.holds(),
            curator.holds(),
            durationMs,
            warmupMs,
            slices,
            fsync);
    System.out.println(line);
    System.out.flush();
  }

  private static void progress(String format, Object... args) {
    System.err.println("[" + NAME + "] " + String.format(Locale.ROOT, format, args));
  }
}
