// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.ResultBuilder;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Signal;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code failover-sigterm}: SIGTERM of the leader's process, whose shutdown hook closes the
 * election, time to the successor's elected callback and whether the leader's revoked callback
 * ended first, Baton against Curator. Method: docs/benchmarks.md, "Failover after a crash and on
 * SIGTERM".
 */
@Command(
    name = FailoverSigterm.NAME,
    description =
        "SIGTERM of a leader process with a closing shutdown hook: time to the successor's"
            + " elected, Baton vs Curator, one in-process server (~1.5 min)")
public final class FailoverSigterm extends FailoverScenario {
  static final String NAME = "failover-sigterm";

  public FailoverSigterm() {
    super(
        NAME,
        new FailoverOptions.Defaults("session-timeout-ms", false, "15000", 10, 1, "embedded"));
  }

  @Override
  void run(FailoverOptions o, Servers servers) throws Exception {
    int sessionMs = o.sessionTimeoutsMs().get(0);
    progress(
        "ZooKeeper: %s; session timeout %d ms requested; %d followers per election; %d warm-up"
            + " + %d measured rounds per library",
        servers.description(), sessionMs, o.followers(), o.warmup(), o.rounds());
    Map<Library, Summary> results =
        rounds(sessionMs, Signal.TERM, "/bench/" + NAME, o.warmup(), "SIGTERM");
    Summary baton = results.get(Library.BATON);
    Summary curator = results.get(Library.CURATOR);
    for (Library l : LIBRARIES) {
      Summary s = results.get(l);
      progress(
          "%s: elected after %s ms; znode deleted at %s; hooks started at %s; revoked callback"
              + " ended before the successor's elected by %s ms; leader ended at %s",
          l.key(),
          s.failover().describe(),
          s.deleted().describe(),
          s.hook().describe(),
          s.revokedMargin().describe(),
          s.exit().describe());
    }
    if (!baton.revokedFirst()) {
      progress("WARNING: in some round Baton's revoked callback did not end first");
    }
    System.out.println(line(baton, curator, o.servers()));
  }

  /** The RESULT line. */
  static String line(Summary baton, Summary curator, int servers) {
    return new ResultBuilder(NAME)
        .add("baton_p50_ms", baton.failover().p50Text())
        .add("baton_p99_ms", baton.failover().p99Text())
        .add("curator_p50_ms", curator.failover().p50Text())
        .add("curator_p99_ms", curator.failover().p99Text())
        .add("rounds", baton.rounds())
        .add("revoked_first", baton.revokedFirst())
        .add("ratio_p50", ratio(baton.failover(), curator.failover()))
        .add("baton_deleted_p50_ms", baton.deleted().p50Text())
        .add("curator_deleted_p50_ms", curator.deleted().p50Text())
        .add("baton_hook_p50_ms", baton.hook().p50Text())
        .add("curator_hook_p50_ms", curator.hook().p50Text())
        .add("baton_exit_p50_ms", baton.exit().p50Text())
        .add("curator_exit_p50_ms", curator.exit().p50Text())
        .add(
            "revoked_margin_min_ms",
            baton.revokedMargin().count() == 0 ? "NaN" : Samples.ms(baton.revokedMargin().min()))
        .add("curator_revoked_first", curator.revokedFirst())
        .add("servers", FailoverOptions.serversKey(servers))
        .toString();
  }

  private static String ratio(Samples baton, Samples curator) {
    if (baton.count() == 0 || curator.count() == 0 || curator.p50() == 0) {
      return "NaN";
    }
    return String.format(java.util.Locale.ROOT, "%.2f", baton.p50() / curator.p50());
  }

  static void progress(String format, Object... args) {
    FailoverScenario.progressOf(NAME, format, args);
  }
}
