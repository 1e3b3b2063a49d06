// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.scale.CandidatePool.Handover;
import dev.baton.bench.scale.ServerWatches.Census;
import dev.baton.testkit.FourLetterWords;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/**
 * The child JVM of {@code election-scale}: one library's candidates, driven by {@code join}, {@code
 * handover} and {@code quit} on stdin, one answer line each on stdout ({@code READY}, {@code
 * JOINED}, {@code HANDOVER}, {@code CLOSED} or {@code FAILED <why>}); arguments as {@link
 * ChildOptions#args} gives them.
 */
public final class ScaleChild {
  /** What starts every answer line; other lines on stdout (the JVM's own) are not answers. */
  static final String MARK = "@scale ";

  private static final int WARMUP_CANDIDATES = 3;
  private static final long STABLE_MS = 300;

  private ScaleChild() {}

  /** Runs the child; exits 0 after {@code quit}, 1 after a failure. */
  public static void main(String[] args) {
    try {
      run(args);
      System.exit(0);
    } catch (Exception | Error e) {
      e.printStackTrace();
      answer("FAILED " + String.valueOf(e.getMessage()).replace('\n', ' '));
      System.exit(1);
    }
  }

  private static void run(String[] args) throws Exception {
    String library = args[0];
    String connect = args[1];
    String path = args[2];
    int count = Integer.parseInt(args[3]);
    int joinThreads = Integer.parseInt(args[4]);
    ZkClient settings = new ZkClient(connect, Integer.parseInt(args[5]), Integer.parseInt(args[6]));
    long timeoutMs = Long.parseLong(args[7]);
    boolean warmUp = Boolean.parseBoolean(args[8]);
    Library kind = Library.parse(library);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try (CuratorFramework reader =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .retryPolicy(new RetryOneTime(100))
            .ensembleTracker(false)
            .build()) {
      reader.start();
      if (warmUp) {
        warmUp(library, kind, settings, path + "-warmup", timeoutMs, reader);
      }
      Footprint baseline = Footprint.measure(STABLE_MS, timeoutMs);
      answer(
          "READY baseline_heap_mb=%.1f baseline_threads=%d",
          baseline.heapBytes() / 1048576.0, baseline.threads());
      CandidatePool pool = new CandidatePool(library, kind, settings, path, timeoutMs);
      int handovers = 0;
      for (String command = in.readLine(); command != null; command = in.readLine()) {
        switch (command.trim()) {
          case "join" -> {
            long joinNanos = pool.joinAll(count, joinThreads, reader);
            pool.awaitQuiet(100);
            System.err.printf(
                Locale.ROOT,
                "[%s child] join: %s; %.2f operations per candidate%n",
                library,
                pool.joinPhases(),
                pool.operationsPerCandidate());
            Footprint after = Footprint.measure(STABLE_MS, timeoutMs);
            String wchp = FourLetterWords.send(host(connect), port(connect), "wchp");
            Census census =
                ServerWatches.parse(wchp, path).census(pool.joinedPaths(), pool.joinedOwners());
            if (census.missingPredecessors() > 0) {
              throw new IllegalStateException(
                  census.missingPredecessors() + " candidates do not watch their predecessor");
            }
            answer(
                "JOINED join_all_ms=%.1f heap_kb_per_candidate=%.2f threads_per_candidate=%.3f"
                    + " watches_per_candidate=%.3f predecessor_watches=%d own_watches=%d"
                    + " other_watches=%d heap_mb=%.1f threads=%d",
                joinNanos / 1e6,
                (after.heapBytes() - baseline.heapBytes()) / 1024.0 / count,
                (after.threads() - baseline.threads()) / (double) count,
                census.total() / (double) count,
                census.onPredecessor(),
                census.onOwn(),
                census.other(),
                after.heapBytes() / 1048576.0,
                after.threads());
          }
          case "handover" -> {
            Handover h = pool.handover(++handovers);
            answer("HANDOVER latency_ns=%d close_ns=%d", h.latencyNanos(), h.closeNanos());
          }
          case "quit" -> {
            System.err.printf(
                Locale.ROOT,
                "[%s child] after %d handovers: %d live threads%n",
                library,
                handovers,
                Thread.activeCount());
            pool.close();
            answer("CLOSED");
            return;
          }
          default -> throw new IllegalArgumentException("unknown command " + command);
        }
      }
      pool.close(); // the parent went away without a quit
    }
  }

  private static void warmUp(
      String library,
      Library kind,
      ZkClient settings,
      String path,
      long timeoutMs,
      CuratorFramework reader)
      throws Exception {
    CandidatePool warm = new CandidatePool(library + "-warmup", kind, settings, path, timeoutMs);
    try {
      warm.joinAll(WARMUP_CANDIDATES, 1, reader);
      warm.handover(1);
      warm.handover(2);
    } finally {
      warm.close();
    }
  }

  private static String host(String connect) {
    return connect.substring(0, connect.lastIndexOf(':'));
  }

  private static int port(String connect) {
    return Integer.parseInt(connect.substring(connect.lastIndexOf(':') + 1));
  }

  private static void answer(String format, Object... args) {
    System.out.println(MARK + String.format(Locale.ROOT, format, args));
    System.out.flush();
  }
}
