// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import com.google.common.base.Splitter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs many seeds of one kind of simulation until a seed count or a time budget runs out, or a seed
 * fails; then replays the failing seed verbosely for the report. Seeds are {@code base}, {@code
 * base + 1}, ...: a campaign with the same base tries the same runs, and a failing seed replays
 * alone ({@code -Dbaton.sim.seed=...}).
 *
 * <p>System properties: {@code baton.sim.seconds} (time budget per campaign), {@code
 * baton.sim.tolerate} (known findings to work around, default the open ones), {@code
 * baton.sim.seeds} (seed count), {@code baton.sim.base} (first seed, or {@code random}), {@code
 * baton.sim.seed} (run only this seed, verbosely), {@code baton.sim.trace} (steps in a report,
 * default 50).
 */
final class Campaign {
  /** What a campaign found. */
  record Result(
      long seedsTried,
      long steps,
      long nanos,
      Optional<String> failure,
      Optional<Long> failingSeed,
      long terms,
      long staleBegins,
      long overlapExpiredSteps,
      long overlapDeletedSteps,
      long leadRefused,
      long operatorDeletes,
      java.util.Map<String, Long> figures,
      java.util.Map<String, Long> orphanCauses) {

    double schedulesPerSecond() {
      return seedsTried / (nanos / 1e9);
    }

    String summary(String what) {
      return String.format(
              Locale.ROOT,
              "%s: %d seeds in %.1f s (%.0f schedules/s, %.0f steps/s); %d terms, %d stale begins;"
                  + " overlaps with an excuse: %d steps expired-unheard, %d steps deleted-unheard;"
                  + " %d leads refused; %d operator deletes%s",
              what,
              seedsTried,
              nanos / 1e9,
              schedulesPerSecond(),
              steps / (nanos / 1e9),
              terms,
              staleBegins,
              overlapExpiredSteps,
              overlapDeletedSteps,
              leadRefused,
              operatorDeletes,
              failingSeed.map(s -> "; FAILED at seed " + s).orElse(""))
          + "\n  fixes and findings: "
          + figures
          + (orphanCauses.isEmpty() ? "" : "\n  orphans by cause: " + orphanCauses);
    }
  }

  private Campaign() {}

  /**
   * The first seed: {@code baton.sim.base}, {@code random} for a fresh one, else {@code fallback}.
   */
  static long base(long fallback) {
    String p = System.getProperty("baton.sim.base", "").trim();
    if (p.isEmpty()) {
      return fallback;
    }
    if (p.equals("random")) {
      return System.nanoTime() ^ Double.doubleToLongBits(Math.random());
    }
    return Long.decode(p);
  }

  /** The time budget: {@code baton.sim.seconds} if set, else {@code fallback}. */
  static Duration budget(Duration fallback) {
    String p = System.getProperty("baton.sim.seconds", "").trim();
    return p.isEmpty() ? fallback : Duration.ofMillis((long) (Double.parseDouble(p) * 1000));
  }

  /**
   * The known findings to work around: {@code -Dbaton.sim.tolerate=F1,F5} (or {@code none}), by
   * default every finding still open ({@link Finding#OPEN}).
   */
  static java.util.Set<Finding> tolerated() {
    String p = System.getProperty("baton.sim.tolerate", "").trim();
    if (p.isEmpty()) {
      return Finding.OPEN;
    }
    java.util.Set<Finding> out = java.util.EnumSet.noneOf(Finding.class);
    for (String id : Splitter.on(',').trimResults().omitEmptyStrings().split(p)) {
      if (!id.equalsIgnoreCase("none")) {
        out.add(Finding.valueOf(id.toUpperCase(Locale.ROOT)));
      }
    }
    return out;
  }

  /** Steps shown in a failure report: {@code baton.sim.trace}, default 50. */
  static int traceLength() {
    return Integer.getInteger("baton.sim.trace", 50);
  }

  /** The seed count: {@code baton.sim.seeds} if set, else {@code fallback}. */
  static long seeds(long fallback) {
    String p = System.getProperty("baton.sim.seeds", "").trim();
    return p.isEmpty() ? fallback : Long.parseLong(p);
  }

  /** Runs seeds from {@code base} on until {@code maxSeeds} or {@code budget}, or a failure. */
  static Result run(
      boolean lock,
      Mutation mutation,
      java.util.Set<Finding> tolerated,
      long base,
      long maxSeeds,
      Duration budget) {
    long start = System.nanoTime();
    long deadline = start + budget.toNanos();
    long tried = 0;
    long steps = 0;
    long terms = 0;
    long stale = 0;
    long expired = 0;
    long deleted = 0;
    long refused = 0;
    long deletes = 0;
    java.util.Map<String, Long> figures = new java.util.LinkedHashMap<>();
    java.util.Map<String, Long> causes = new java.util.TreeMap<>();
    for (long i = 0; i < maxSeeds; i++) {
      if ((i & 15) == 0 && System.nanoTime() > deadline) {
        break;
      }
      long seed = base + i;
      Settings settings = Settings.draw(seed, lock, mutation, tolerated);
      tried++;
      try {
        World.Outcome o = new World(seed, settings, false).run();
        steps += o.steps();
        terms += o.terms();
        stale += o.staleBegins();
        expired += o.overlapExpiredSteps();
        deleted += o.overlapDeletedSteps();
        refused += o.leadRefused();
        deletes += o.operatorDeletes();
        o.figures().forEach((k, v) -> figures.merge(k, v, Long::sum));
        o.orphanCauses().forEach((k, v) -> causes.merge(k, v, Long::sum));
      } catch (RuntimeException | AssertionError e) {
        return new Result(
            tried,
            steps,
            System.nanoTime() - start,
            Optional.of(report(seed, settings, e)),
            Optional.of(seed),
            terms,
            stale,
            expired,
            deleted,
            refused,
            deletes,
            figures,
            causes);
      }
    }
    return new Result(
        tried,
        steps,
        System.nanoTime() - start,
        Optional.empty(),
        Optional.empty(),
        terms,
        stale,
        expired,
        deleted,
        refused,
        deletes,
        figures,
        causes);
  }

  /** Replays {@code seed} verbosely and describes the failure: seed, settings, trace, state. */
  static String report(long seed, Settings settings, Throwable first) {
    World replay = new World(seed, settings, true);
    Throwable again = null;
    try {
      replay.run();
    } catch (RuntimeException | AssertionError e) {
      again = e;
    }
    StringBuilder b = new StringBuilder();
    b.append("seed ").append(seed).append(" (").append(settings).append(")\n");
    b.append("  ").append(describe(first)).append('\n');
    if (again == null || !describe(again).equals(describe(first))) {
      b.append("  NOT REPRODUCED by a verbose replay: ")
          .append(again == null ? "passed" : describe(again))
          .append('\n');
    }
    b.append("  replay: -Dbaton.sim.seed=")
        .append(seed)
        .append(settings.lock() ? " (lock)" : "")
        .append('\n');
    b.append("  last steps:\n");
    for (String line : replay.sim.trace()) {
      b.append("    ").append(line).append('\n');
    }
    b.append("  state:\n").append(replay.describe());
    if (!(first instanceof Violation)) {
      java.io.StringWriter w = new java.io.StringWriter();
      first.printStackTrace(new java.io.PrintWriter(w));
      b.append(w);
    }
    return b.toString();
  }

  private static String describe(Throwable t) {
    return t instanceof Violation ? t.getMessage() : t.toString();
  }
}
