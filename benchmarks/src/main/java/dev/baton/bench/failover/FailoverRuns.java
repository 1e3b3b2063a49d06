// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Interleaving;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Result;
import dev.baton.bench.failover.FailoverRound.Signal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the rounds of one session timeout: warm-up rounds (not recorded), then measured ones, each
 * round one failover per library in ABBA order ({@link Interleaving}), every failover on a fresh
 * election path.
 */
final class FailoverRuns {
  /** The two election recipes compared: Baton's LeaderElection, Curator's LeaderLatch. */
  static final List<Library> LIBRARIES = List.of(Library.BATON, Library.CURATOR);

  private FailoverRuns() {}

  /** The measured results per library. */
  static Map<Library, Summary> run(
      FailoverRound round,
      Signal signal,
      String basePath,
      int warmup,
      int rounds,
      String scenario,
      String label)
      throws Exception {
    Map<Library, List<Result>> measured = new EnumMap<>(Library.class);
    for (Library l : LIBRARIES) {
      measured.put(l, new ArrayList<>());
    }
    long start = System.nanoTime();
    for (int r = 0; r < warmup + rounds; r++) {
      boolean record = r >= warmup;
      String which =
          record ? "round " + (r - warmup + 1) + "/" + rounds : "warm-up " + (r + 1) + "/" + warmup;
      for (Library library : Interleaving.order(LIBRARIES, r)) {
        String tag = library.key() + "-" + r;
        Result result = round.run(library, signal, basePath + "/" + tag, tag);
        if (record) {
          measured.get(library).add(result);
        }
        progress(scenario, label, which, result, (System.nanoTime() - start) / 1e9);
      }
    }
    Map<Library, Summary> out = new EnumMap<>(Library.class);
    measured.forEach((l, results) -> out.put(l, new Summary(results)));
    return out;
  }

  private static void progress(
      String scenario, String label, String which, Result r, double elapsedS) {
    StringBuilder s =
        new StringBuilder(scenario)
            .append(' ')
            .append(label)
            .append(' ')
            .append(which)
            .append(' ')
            .append(r.library().key())
            .append(": set up in ")
            .append(String.format(java.util.Locale.ROOT, "%.1f", r.setupMs() / 1000))
            .append(" s; elected after ")
            .append(Samples.ms(r.failoverMs()))
            .append(" ms; znode deleted at ")
            .append(Samples.ms(r.deletedMs()))
            .append(" ms");
    r.hookMs().ifPresent(h -> s.append("; hooks started at ").append(Samples.ms(h)).append(" ms"));
    r.revokedMarginMs()
        .ifPresent(
            m ->
                s.append("; revoked callback ended ")
                    .append(Samples.ms(Math.abs(m)))
                    .append(m > 0 ? " ms before" : " ms AFTER")
                    .append(" the successor's elected"));
    r.collectionsInShutdown()
        .ifPresent(n -> s.append("; ").append(n).append(" GC in the leader's shutdown"));
    s.append("; leader ended at ")
        .append(Samples.ms(r.exitMs()))
        .append(" ms; negotiated session ")
        .append(r.negotiatedMs())
        .append(" ms (")
        .append(String.format(java.util.Locale.ROOT, "%.0f", elapsedS))
        .append(" s)");
    System.err.println(s);
  }
}
