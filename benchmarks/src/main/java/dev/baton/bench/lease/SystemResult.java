// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.ResultBuilder;
import java.util.Locale;

/** What the phases measured for one system, and its RESULT line. */
final class SystemResult {
  final LeaseSystem system;
  final LeaseSamples handovers = new LeaseSamples();
  final LeaseSamples crashes = new LeaseSamples();
  private long handoverStatements;
  private long crashOverBound;
  private IdlePhase.Idle idle;
  private int staleAccepted;
  private int staleRejected;
  private int pausesInTransaction;

  SystemResult(LeaseSystem system) {
    this.system = system;
  }

  void handover(double millis, long statements) {
    handovers.add(millis);
    handoverStatements += statements;
  }

  void crash(double millis, long boundMs) {
    crashes.add(millis);
    if (millis > boundMs) {
      crashOverBound++;
    }
  }

  void idle(IdlePhase.Idle measured) {
    this.idle = measured;
  }

  void stale(StalePhase.Stale round) {
    pausesInTransaction += round.pausesInTransaction();
    if (round.accepted()) {
      staleAccepted++;
    } else {
      staleRejected++;
    }
  }

  /** The RESULT line: the keys first, in its order, then the details. */
  String line(LeaseOptions o, LeaseSetup setup) {
    ResultBuilder b = new ResultBuilder(LeaseBench.NAME);
    b.add("system", system.key());
    b.add("lease_ms", o.leaseMs);
    b.add("handover_p50_ms", handovers.text(50));
    b.add("handover_p99_ms", handovers.text(99));
    b.add("crash_failover_p50_ms", crashes.text(50));
    b.add("idle_statements_per_s_per_candidate", rate(idle == null ? -1 : idle.statementsPerS()));
    b.add("stale_writes_accepted", staleAccepted);
    b.add("stale_writes_rejected", staleRejected);
    b.add("poll_ms", o.pollMs);
    b.add("handover_max_ms", handovers.text(100));
    b.add(
        "statements_per_handover",
        String.format(
            Locale.ROOT,
            "%.2f",
            handovers.count() == 0 ? Double.NaN : (double) handoverStatements / handovers.count()));
    b.add("crash_failover_max_ms", crashes.text(100));
    b.add("crash_bound_ms", system.crashBoundMs(setup));
    b.add("crash_over_bound", crashOverBound);
    if (idle != null) {
      b.add("idle_leader_statements_per_s", rate(idle.leaderStatementsPerS()));
      b.add("idle_follower_statements_per_s", rate(idle.followerStatementsPerS()));
      b.add("idle_transactions_per_s_per_candidate", rate(idle.transactionsPerS()));
      b.add("idle_connections_per_s_per_candidate", rate(idle.connectionsPerS()));
    }
    b.add("pauses_in_transaction", pausesInTransaction);
    b.add("handovers", handovers.count());
    b.add("warmup", o.rounds.warmup());
    b.add("crashes", crashes.count());
    b.add("pauses", staleAccepted + staleRejected);
    b.add("idle_s", o.idleSeconds);
    b.add("idle_candidates", o.idleCandidates);
    return b.toString();
  }

  private static String rate(double perS) {
    return perS < 0 ? "NaN" : String.format(Locale.ROOT, "%.2f", perS);
  }
}
