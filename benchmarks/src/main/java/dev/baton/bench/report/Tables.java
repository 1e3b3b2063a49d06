// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.util.List;

/**
 * The generated tables of README.md and docs/. A table for a new scenario is one more entry here
 * and a pair of markers on a page; see {@link Table} for how a column is written.
 */
final class Tables {
  private Tables() {}

  static final List<Table> ALL =
      List.of(
          Table.named(
                  "election-handover",
                  "candidates=candidates",
                  "Baton p50=baton_p50_ms ms",
                  "Curator p50=curator_p50_ms ms",
                  "floor p50=floor_p50_ms ms",
                  "Baton / Curator p50=ratio_p50",
                  "Baton / floor p50=ratio_p50_floor",
                  "Baton p99=baton_p99_ms ms",
                  "Curator p99=curator_p99_ms ms",
                  "floor p99=floor_p99_ms ms",
                  "requests per handover, Baton / Curator / floor=requests_per_handover"
                      + "/curator_requests_per_handover/floor_requests_per_handover")
              .ofMedians(),
          Table.named(
                  "lock",
                  "contenders=contenders",
                  "Baton holds/s=baton_ops_per_s",
                  "Curator holds/s=curator_ops_per_s",
                  "floor holds/s=floor_holds_per_s",
                  "Baton / Curator=ratio",
                  "Baton / floor=ratio_floor",
                  "requests per hold, Baton / Curator=baton_requests_per_op/curator_requests_per_op")
              .ofMedians(),
          Table.named(
                  "election-scale",
                  "candidates=candidates",
                  "all joined, Baton / Curator=join_all_ms/curator_join_all_ms ms",
                  "handover p50, Baton / Curator=handover_p50_ms/curator_handover_p50_ms ms",
                  "Baton / Curator p50=ratio_p50",
                  "handover p99, Baton / Curator=handover_p99_ms/curator_handover_p99_ms ms",
                  "Baton p50 / Baton p50 at 10=handover_p50_ratio_vs_10",
                  "heap per candidate, Baton / Curator"
                      + "=heap_kb_per_candidate/curator_heap_kb_per_candidate KB",
                  "threads per candidate, Baton / Curator"
                      + "=threads_per_candidate/curator_threads_per_candidate",
                  "watches per candidate, Baton / Curator"
                      + "=watches_per_candidate/curator_watches_per_candidate")
              .ofMedians(),
          Table.named(
                  "fence-overhead",
                  "store=store",
                  "fenced p50=fenced_p50_us µs",
                  "unfenced p50=unfenced_p50_us µs",
                  "fenced / unfenced p50=ratio",
                  "new term p50=new_term_p50_us µs",
                  "new term / unfenced p50=new_term_ratio",
                  "fenced p99=fenced_p99_us µs",
                  "unfenced p99=unfenced_p99_us µs")
              .ofMedians(),
          Table.named(
                  "lease",
                  "system=system",
                  "lease / poll=lease_ms/poll_ms ms",
                  "handover p50=handover_p50_ms ms",
                  "handover p99=handover_p99_ms ms",
                  "crash failover p50=crash_failover_p50_ms ms",
                  "crash failover max=crash_failover_max_ms ms",
                  "idle statements/s per candidate=idle_statements_per_s_per_candidate",
                  "statements per handover=statements_per_handover",
                  "stale writes accepted / rejected=stale_writes_accepted/stale_writes_rejected")
              .ofMedians(),
          // the ZooKeeper runs; a --backend=lease run prints backend=lease and is not shown here
          Table.of(
                  "chaos",
                  "chaos",
                  "chaos-*",
                  "scenario=@name",
                  "role=role",
                  "fence=fence",
                  "db=db",
                  "trials=trials",
                  "faults=faults",
                  "writes=writes",
                  "rejected=rejected",
                  "violations=violations",
                  "independent checker=independent_violations",
                  "worst recovery=recover_ms ms")
              .where("backend=zk?"),
          // the profile on H2 (runs recorded before the db key were all on H2) and on PostgreSQL
          profile("chaos-profile").where("backend=zk?", "db=h2?"),
          profile("chaos-profile-postgres").where("backend=zk?", "db=postgres"),
          // the lease backend's profile (runs before 2026-12-07 printed backend= only in the
          // summary)
          profile("chaos-profile-lease").where("backend=lease"));

  private static Table profile(String id) {
    return Table.of(
        id,
        "chaos-profile",
        "chaos-profile-*",
        "scenario=@name",
        "role=role",
        "fence=fence",
        "trials=trials",
        "failed=failed",
        "faults=faults",
        "writes=writes",
        "rejected=rejected",
        "violations=violations",
        "independent checker=independent_violations",
        "recovery p50=recover_p50_ms ms",
        "recovery max=recover_max_ms ms");
  }
}
