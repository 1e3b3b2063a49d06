// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Cli;
import dev.baton.bench.Interleaving;
import dev.baton.bench.Scenario;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Result;
import dev.baton.bench.failover.FailoverRound.Signal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What both failover scenarios share: their options (the common ones, and the session timeout
 * option each names and defaults in its {@link FailoverOptions.Defaults}), the servers and the
 * {@link ElectionProbe} of the run, the rounds of one session timeout, and the progress lines.
 */
abstract class FailoverScenario implements Scenario {
  /** The two election recipes compared: Baton's LeaderElection, Curator's LeaderLatch. */
  static final List<Library> LIBRARIES = List.of(Library.BATON, Library.CURATOR);

  /** The session timeout of the probe's own sessions, in ms. */
  private static final int PROBE_SESSION_MS = 30_000;

  /** How long a round waits for its candidates to start and settle. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /** Beyond the requested session timeout, how long a round waits for the successor. */
  private static final Duration FAILOVER_SLACK = Duration.ofSeconds(30);

  @Mixin private FailoverOptions.Args common = new FailoverOptions.Args();

  private final String name;
  private final FailoverOptions.Defaults defaults;
  private FailoverOptions options;
  private Servers servers;
  private ElectionProbe probe;

  FailoverScenario(String name, FailoverOptions.Defaults defaults) {
    this.name = name;
    this.defaults = defaults;
  }

  /** Runs the rounds against {@code servers}, with {@link #rounds}. */
  abstract void run(FailoverOptions o, Servers servers) throws Exception;

  /**
   * The options after {@code args}; empty if {@code --help} was asked for.
   *
   * @throws IllegalArgumentException for an unknown option or a value out of range
   */
  Optional<FailoverOptions> options(List<String> args) {
    CommandLine line = new CommandLine(this);
    OptionSpec sessions =
        OptionSpec.builder("--" + defaults.sessionKey())
            .type(List.class)
            .auxiliaryTypes(Integer.class)
            .splitRegex(",")
            .paramLabel("<ms>")
            .defaultValue(defaults.sessions())
            .build();
    line.getCommandSpec().addOption(sessions);
    if (!Cli.parse(line, args)) {
      return Optional.empty();
    }
    return Optional.of(FailoverOptions.of(common, sessions.getValue(), defaults));
  }

  /** Starts the servers, connects the probe, runs; closes the probe, then the servers. */
  @Override
  public final void run(List<String> args) throws Exception {
    Optional<FailoverOptions> o = options(args);
    if (o.isEmpty()) {
      return; // --help
    }
    long start = System.nanoTime();
    options = o.get();
    try (Servers s = options.startServers();
        ElectionProbe p = ElectionProbe.connect(s, PROBE_SESSION_MS)) {
      servers = s;
      probe = p;
      run(options, s);
    }
    progressOf(name, "done in %.0f s", (System.nanoTime() - start) / 1e9);
  }

  /**
   * The rounds of one session timeout: {@code warmup} rounds (not recorded), then the measured
   * ones, each round one failover per library in ABBA order ({@link Interleaving}), every failover
   * on a fresh election path under {@code basePath}; returns the measured results per library.
   */
  Map<Library, Summary> rounds(
      int sessionMs, Signal signal, String basePath, int warmup, String label) throws Exception {
    FailoverRound round =
        new FailoverRound(
            probe,
            options.clientSettings(servers.connectString(), sessionMs),
            options.followers(),
            options.settleMs(),
            START_TIMEOUT,
            Duration.ofMillis(sessionMs).plus(FAILOVER_SLACK));
    int rounds = options.rounds();
    Map<Library, List<Result>> measured = new EnumMap<>(Library.class);
    LIBRARIES.forEach(l -> measured.put(l, new ArrayList<>()));
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
        describe(label + " " + which, result, (System.nanoTime() - start) / 1e9);
      }
    }
    Map<Library, Summary> out = new EnumMap<>(Library.class);
    measured.forEach((l, results) -> out.put(l, new Summary(results)));
    return out;
  }

  /** The progress line of one failover. */
  private void describe(String which, Result r, double elapsedS) {
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s %s %s: set up in %.1f s; elected after %.1f ms; znode deleted at %.1f ms",
                name,
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

  /** Prints a progress line of scenario {@code name} on stderr. */
  static void progressOf(String name, String format, Object... args) {
    System.err.println(name + ": " + String.format(Locale.ROOT, format, args));
  }
}
