// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.ResultBuilder;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Signal;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code failover-crash}: SIGKILL of the leader's process, time to the successor's elected
 * callback, Baton against Curator at several session timeouts on three server processes. Method:
 * docs/benchmarks.md, "Failover after a crash and on SIGTERM".
 */
@Command(
    name = FailoverCrash.NAME,
    description =
        "SIGKILL of a leader process: time to the successor's elected, Baton vs Curator,"
            + " session timeouts 2/6/15 s, 3 server processes (~5 min)")
public final class FailoverCrash extends FailoverScenario {
  static final String NAME = "failover-crash";

  public FailoverCrash() {
    super(
        NAME,
        new FailoverOptions.Defaults("session-timeouts-ms", true, "2000,6000,15000", 4, 0, "3"));
  }

  @Override
  void run(FailoverOptions o, Servers servers) throws Exception {
    Servers.Timing timing = servers.timing();
    progress(
        "ZooKeeper: %s; tickTime %d ms, session timeouts granted from %d to %d ms; %d followers"
            + " per election; %d warm-up + %d measured rounds per library and session timeout",
        servers.description(),
        timing.tickMs(),
        timing.minSessionTimeoutMs(),
        timing.maxSessionTimeoutMs(),
        o.followers(),
        o.warmup(),
        o.rounds());
    for (int i = 0; i < o.sessionTimeoutsMs().size(); i++) {
      int sessionMs = o.sessionTimeoutsMs().get(i);
      if (sessionMs < timing.minSessionTimeoutMs() || sessionMs > timing.maxSessionTimeoutMs()) {
        progress(
            "WARNING: a session timeout of %d ms is outside what the servers grant; see"
                + " negotiated_ms",
            sessionMs);
      }
      Map<Library, Summary> results =
          rounds(
              sessionMs,
              Signal.KILL,
              "/bench/" + NAME + "/session-" + sessionMs,
              i == 0 ? o.warmup() : 0,
              "session " + sessionMs + " ms");
      System.out.println(line(sessionMs, timing.tickMs(), o.servers(), results));
    }
  }

  /** The RESULT line of one session timeout. */
  static String line(int sessionMs, int tickMs, int servers, Map<Library, Summary> results) {
    Summary baton = results.get(Library.BATON);
    Summary curator = results.get(Library.CURATOR);
    int[] negotiated = baton.negotiatedRange();
    int[] curatorNegotiated = curator.negotiatedRange();
    int granted = Math.max(negotiated[1], curatorNegotiated[1]);
    if (negotiated[0] != granted || curatorNegotiated[0] != granted) {
      progress(
          "WARNING: the leaders were granted different session timeouts: Baton %d to %d ms,"
              + " Curator %d to %d ms; bound_ms uses the highest",
          negotiated[0], negotiated[1], curatorNegotiated[0], curatorNegotiated[1]);
    }
    long bound = (long) granted + tickMs + 100;
    return new ResultBuilder(NAME)
        .add("session_ms", sessionMs)
        .add("negotiated_ms", granted)
        .add("baton_p50_ms", baton.failover().p50Text())
        .add("baton_p99_ms", baton.failover().p99Text())
        .add("curator_p50_ms", curator.failover().p50Text())
        .add("curator_p99_ms", curator.failover().p99Text())
        .add("bound_ms", bound)
        .add("rounds", baton.rounds())
        .add("tick_ms", tickMs)
        .add("baton_over_bound", baton.failover().countAbove(bound))
        .add("curator_over_bound", curator.failover().countAbove(bound))
        .add("baton_deleted_p50_ms", baton.deleted().p50Text())
        .add("curator_deleted_p50_ms", curator.deleted().p50Text())
        .add("baton_reaction_p50_ms", baton.reaction().p50Text())
        .add("baton_reaction_p99_ms", baton.reaction().p99Text())
        .add("curator_reaction_p50_ms", curator.reaction().p50Text())
        .add("curator_reaction_p99_ms", curator.reaction().p99Text())
        .add("servers", FailoverOptions.serversKey(servers))
        .toString();
  }

  static void progress(String format, Object... args) {
    FailoverScenario.progressOf(NAME, format, args);
  }
}
