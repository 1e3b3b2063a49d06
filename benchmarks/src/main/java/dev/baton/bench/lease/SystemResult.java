// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

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
    StringBuilder b = new StringBuilder("RESULT ").append(LeaseBench.NAME);
    add(b, "system", system.key());
    add(b, "lease_ms", o.leaseMs);
    add(b, "handover_p50_ms", handovers.text(50));
    add(b, "handover_p99_ms", handovers.text(99));
    add(b, "crash_failover_p50_ms", crashes.text(50));
    add(b, "idle_statements_per_s_per_candidate", rate(idle == null ? -1 : idle.statementsPerS()));
    add(b, "stale_writes_accepted", staleAccepted);
    add(b, "stale_writes_rejected", staleRejected);
    add(b, "poll_ms", o.pollMs);
    add(b, "handover_max_ms", handovers.text(100));
    add(
        b,
        "statements_per_handover",
        String.format(
            Locale.ROOT,
            "%.2f",
            handovers.count() == 0 ? Double.NaN : (double) handoverStatements / handovers.count()));
    add(b, "crash_failover_max_ms", crashes.text(100));
    add(b, "crash_bound_ms", system.crashBoundMs(setup));
    add(b, "crash_over_bound", crashOverBound);
    if (idle != null) {
      add(b, "idle_leader_statements_per_s", rate(idle.leaderStatementsPerS()));
      add(b, "idle_follower_statements_per_s", rate(idle.followerStatementsPerS()));
      add(b, "idle_transactions_per_s_per_candidate", rate(idle.transactionsPerS()));
      add(b, "idle_connections_per_s_per_candidate", rate(idle.connectionsPerS()));
    }
    add(b, "pauses_in_transaction", pausesInTransaction);
    add(b, "handovers", handovers.count());
    add(b, "warmup", o.warmup);
    add(b, "crashes", crashes.count());
    add(b, "pauses", staleAccepted + staleRejected);
    add(b, "idle_s", o.idleSeconds);
    add(b, "idle_candidates", o.idleCandidates);
    return b.toString();
  }

  private static String rate(double perS) {
    return perS < 0 ? "NaN" : String.format(Locale.ROOT, "%.2f", perS);
  }

  private static void add(StringBuilder b, String key, Object value) {
    String v = String.valueOf(value);
    if (v.isEmpty() || v.contains(" ")) {
      throw new IllegalArgumentException("the value of " + key + " must be one word: '" + v + "'");
    }
    b.append(' ').append(key).append('=').append(v);
  }
}
