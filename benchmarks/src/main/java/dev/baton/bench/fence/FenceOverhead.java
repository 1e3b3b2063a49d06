// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

import dev.baton.bench.Cli;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.ZkOptions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fence-overhead}: a fenced write against the same write unfenced, per store, in the same
 * run: three sides ({@link Mode}), each with its own connection and row, written one at a time in
 * rotating batches; per-write latency in one HdrHistogram per side. Method: docs/benchmarks.md,
 * "Fence overhead".
 */
@Command(
    name = FenceOverhead.NAME,
    description =
        "fenced vs unfenced write latency (p50/p99) on PostgreSQL, H2 and ZooKeeper, interleaved")
public final class FenceOverhead implements Scenario.WithOptions {
  static final String NAME = "fence-overhead";
  static final String DEFAULT_PG_URL =
      "jdbc:postgresql://127.0.0.1:5432/baton?user=baton&password=baton";
  private static final String H2_URL = "jdbc:h2:mem:bench-fence-overhead;DB_CLOSE_DELAY=-1";
  private static final List<String> KNOWN_STORES = List.of("postgresql", "h2", "zookeeper");
  private static final Mode[] ROTATION = {Mode.UNFENCED, Mode.FENCED, Mode.NEW_TERM};

  @Option(names = "--stores", split = ",", defaultValue = "postgresql,h2,zookeeper")
  List<String> storeNames;

  @Option(names = "--warmup", defaultValue = "500")
  int warmup;

  @Option(names = "--writes", defaultValue = "2000")
  int writes;

  @Option(names = "--batch", defaultValue = "50")
  int batch;

  @Mixin ZkOptions.Fsync fsync;

  @Override
  public void run() throws Exception {
    List<String> stores = new ArrayList<>();
    for (String store : storeNames) {
      String name = store.trim().toLowerCase(Locale.ROOT);
      if (!KNOWN_STORES.contains(name)) {
        throw new IllegalArgumentException("unknown store '" + store + "'; known: " + KNOWN_STORES);
      }
      stores.add(name);
    }
    Cli.check(
        warmup >= 0 && writes >= 1 && batch >= 1, "warmup must be >= 0, writes and batch >= 1");
    String runId = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    progress(
        "%d warm-up + %d measured writes per side and store, batches of %d rotating unfenced / fenced"
            + " / new-term; run id %s",
        warmup, writes, batch, runId);
    for (String name : stores) {
      long start = System.nanoTime();
      try (FenceStore store = open(name, runId, fsync.fsync)) {
        Map<Mode, Histogram> histograms = new EnumMap<>(Mode.class);
        for (Mode mode : Mode.values()) {
          histograms.put(mode, new Histogram(TimeUnit.SECONDS.toNanos(60), 3));
        }
        phase(store, warmup, batch, null);
        store.measuring();
        phase(store, writes, batch, histograms);
        Map<Mode, Double> requests = new EnumMap<>(Mode.class);
        for (Mode mode : Mode.values()) {
          requests.put(mode, store.requestsPerWrite(mode, writes));
        }
        store.verify();
        report(
            store, histograms, requests, writes, warmup, batch, (System.nanoTime() - start) / 1e9);
      }
    }
  }

  private static FenceStore open(String name, String runId, boolean fsync) throws Exception {
    switch (name) {
      case "postgresql" -> {
        String env = System.getenv("BATON_PG_URL");
        String url = env == null || env.isBlank() ? DEFAULT_PG_URL : env.trim();
        SqlStore store = SqlStore.open("postgresql", url, runId);
        progress(
            "postgresql: %s%s",
            store.displayUrl(), env == null || env.isBlank() ? " (default URL)" : "");
        return store;
      }
      case "h2" -> {
        progress("h2: %s (embedded, in-memory: no disk)", H2_URL);
        return SqlStore.open("h2", H2_URL, runId);
      }
      case "zookeeper" -> {
        ZkStore store = ZkStore.open(fsync);
        progress("zookeeper: embedded server %s, fsync %s", store.connectString(), fsync);
        return store;
      }
      default -> throw new IllegalArgumentException(name);
    }
  }

  /**
   * {@code perSide} writes per side in rotating batches; recorded if {@code histograms} is not
   * null.
   */
  private static void phase(
      FenceStore store, int perSide, int batch, Map<Mode, Histogram> histograms) throws Exception {
    int rounds = (perSide + batch - 1) / batch;
    for (int round = 0; round < rounds; round++) {
      int n = Math.min(batch, perSide - round * batch);
      for (int i = 0; i < ROTATION.length; i++) {
        Mode mode = ROTATION[(round + i) % ROTATION.length];
        Histogram h = histograms == null ? null : histograms.get(mode);
        for (int k = 0; k < n; k++) {
          long t0 = System.nanoTime();
          store.write(mode);
          long t1 = System.nanoTime();
          if (h != null) {
            h.recordValue(Math.min(t1 - t0, h.getHighestTrackableValue()));
          }
        }
      }
    }
  }

  private static void report(
      FenceStore store,
      Map<Mode, Histogram> h,
      Map<Mode, Double> requests,
      int writes,
      int warmup,
      int batch,
      double seconds) {
    for (Mode mode : Mode.values()) {
      Histogram x = h.get(mode);
      double r = requests.get(mode);
      progress(
          "%s %-8s p50 %8.1f  p90 %8.1f  p99 %8.1f  max %9.1f  mean %8.1f us%s",
          store.key(),
          mode.key(),
          us(x.getValueAtPercentile(50)),
          us(x.getValueAtPercentile(90)),
          us(x.getValueAtPercentile(99)),
          us(x.getMaxValue()),
          x.getMean() / 1e3,
          r < 0 ? "" : String.format(Locale.ROOT, "; %.2f ZooKeeper requests per write", r));
    }
    progress(
        "%s: done in %.1f s, sanity checks passed (all writes present, fences at the expected tokens,"
            + " a stale token rejected without effect)",
        store.key(), seconds);
    Histogram fenced = h.get(Mode.FENCED);
    Histogram unfenced = h.get(Mode.UNFENCED);
    Histogram newTerm = h.get(Mode.NEW_TERM);
    double unfencedP50 = us(unfenced.getValueAtPercentile(50));
    String line =
        String.format(
            Locale.ROOT,
            "RESULT %s store=%s ratio=%.3f fenced_p50_us=%.1f fenced_p99_us=%.1f unfenced_p50_us=%.1f"
                + " unfenced_p99_us=%.1f new_term_ratio=%.3f new_term_p50_us=%.1f new_term_p99_us=%.1f"
                + " mean_ratio=%.3f new_term_mean_ratio=%.3f writes=%d warmup=%d batch=%d%s",
            NAME,
            store.key(),
            us(fenced.getValueAtPercentile(50)) / unfencedP50,
            us(fenced.getValueAtPercentile(50)),
            us(fenced.getValueAtPercentile(99)),
            unfencedP50,
            us(unfenced.getValueAtPercentile(99)),
            us(newTerm.getValueAtPercentile(50)) / unfencedP50,
            us(newTerm.getValueAtPercentile(50)),
            us(newTerm.getValueAtPercentile(99)),
            fenced.getMean() / unfenced.getMean(),
            newTerm.getMean() / unfenced.getMean(),
            writes,
            warmup,
            batch,
            store.resultExtras());
    Cli.result(line);
  }

  private static double us(long nanos) {
    return nanos / 1e3;
  }

  private static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
