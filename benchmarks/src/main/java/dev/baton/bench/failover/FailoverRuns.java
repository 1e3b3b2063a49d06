// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Interleaving;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Result;
import dev.baton.bench.failover.FailoverRound.Signal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
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
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s %s %s %s: set up in %.1f s; elected after %.1f ms; znode deleted at %.1f ms",
                scenario,
                label,
                which,
                r.library().key(),
                r.setupMs() / 1000,
                r.failoverMs(),
                r.deletedMs()));
    r.hookMs().ifPresent(h -> s.append("; hooks started at ").append(Samples.ms(h)).append(" ms"));
    r.revokedMarginMs()
        .ifPresent(
            m ->
                s.append(
                    String.format(
                        Locale.ROOT,
                        "; revoked callback ended %.1f ms %s the successor's elected",
                        Math.abs(m),
                        m > 0 ? "before" : "AFTER")));
    r.collectionsInShutdown()
        .ifPresent(n -> s.append("; ").append(n).append(" GC in the leader's shutdown"));
    System.err.println(
        s.append(
            String.format(
                Locale.ROOT,
                "; leader ended at %.1f ms; negotiated session %d ms (%.0f s)",
                r.exitMs(),
                r.negotiatedMs(),
                elapsedS)));
  }
}
