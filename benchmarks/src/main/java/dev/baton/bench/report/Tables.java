// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import static dev.baton.bench.report.Column.joined;
import static dev.baton.bench.report.Column.of;

import java.util.List;

/**
 * The README's generated tables. A table for a new scenario is one more {@link TableSpec} here and
 * a pair of markers in the README; a key a run does not print shows as {@link Column#MISSING}.
 */
public final class Tables {
  private static final String MS = " ms";
  private static final String US = " µs";

  private static final List<TableSpec> ALL =
      List.of(
          TableSpec.of(
              "election-handover",
              "election-handover",
              "election-handover",
              of("candidates", "candidates"),
              of("Baton p50", "baton_p50_ms", MS),
              of("Curator p50", "curator_p50_ms", MS),
              of("floor p50", "floor_p50_ms", MS),
              of("Baton / Curator p50", "ratio_p50"),
              of("Baton / floor p50", "ratio_p50_floor"),
              of("Baton p99", "baton_p99_ms", MS),
              of("Curator p99", "curator_p99_ms", MS),
              of("floor p99", "floor_p99_ms", MS),
              joined(
                  "requests per handover, Baton / Curator / floor",
                  "",
                  "requests_per_handover",
                  "curator_requests_per_handover",
                  "floor_requests_per_handover")),
          TableSpec.of(
              "lock",
              "lock",
              "lock",
              of("contenders", "contenders"),
              of("Baton holds/s", "baton_ops_per_s"),
              of("Curator holds/s", "curator_ops_per_s"),
              of("floor holds/s", "floor_holds_per_s"),
              of("Baton / Curator", "ratio"),
              of("Baton / floor", "ratio_floor"),
              joined(
                  "requests per hold, Baton / Curator",
                  "",
                  "baton_requests_per_op",
                  "curator_requests_per_op")),
          TableSpec.of(
              "election-scale",
              "election-scale",
              "election-scale",
              of("candidates", "candidates"),
              joined("all joined, Baton / Curator", MS, "join_all_ms", "curator_join_all_ms"),
              joined(
                  "handover p50, Baton / Curator",
                  MS,
                  "handover_p50_ms",
                  "curator_handover_p50_ms"),
              of("Baton / Curator p50", "ratio_p50"),
              joined(
                  "handover p99, Baton / Curator",
                  MS,
                  "handover_p99_ms",
                  "curator_handover_p99_ms"),
              of("Baton p50 / Baton p50 at 10", "handover_p50_ratio_vs_10"),
              joined(
                  "heap per candidate, Baton / Curator",
                  " KB",
                  "heap_kb_per_candidate",
                  "curator_heap_kb_per_candidate"),
              joined(
                  "threads per candidate, Baton / Curator",
                  "",
                  "threads_per_candidate",
                  "curator_threads_per_candidate"),
              joined(
                  "watches per candidate, Baton / Curator",
                  "",
                  "watches_per_candidate",
                  "curator_watches_per_candidate")),
          TableSpec.of(
              "failover-crash",
              "failover-crash",
              "failover-crash",
              of("session timeout", "session_ms", MS),
              of("Baton p50", "baton_p50_ms", MS),
              of("Baton p99", "baton_p99_ms", MS),
              of("Curator p50", "curator_p50_ms", MS),
              of("Curator p99", "curator_p99_ms", MS),
              of("bound", "bound_ms", MS),
              of("rounds", "rounds")),
          TableSpec.of(
              "failover-sigterm",
              "failover-sigterm",
              "failover-sigterm",
              of("Baton p50", "baton_p50_ms", MS),
              of("Baton p99", "baton_p99_ms", MS),
              of("Curator p50", "curator_p50_ms", MS),
              of("Curator p99", "curator_p99_ms", MS),
              of("rounds", "rounds"),
              of("revoked first", "revoked_first")),
          TableSpec.of(
              "fence-overhead",
              "fence-overhead",
              "fence-overhead",
              of("store", "store"),
              of("fenced p50", "fenced_p50_us", US),
              of("unfenced p50", "unfenced_p50_us", US),
              of("fenced / unfenced p50", "ratio"),
              of("new term p50", "new_term_p50_us", US),
              of("new term / unfenced p50", "new_term_ratio"),
              of("fenced p99", "fenced_p99_us", US),
              of("unfenced p99", "unfenced_p99_us", US)),
          TableSpec.of(
              "assignment-moves",
              "assignment",
              "assignment",
              of("assignor", "assignor"),
              of("moves / minimum, worst", "moves_ratio"),
              of("moves / minimum, mean", "moves_ratio_mean"),
              of("imbalance, worst", "imbalance"),
              joined("moved / minimum, total", "", "moved_total", "minimum_total"),
              of("events", "events")),
          TableSpec.of(
              "assignment-compute",
              "assignment",
              "assignment-compute",
              of("assignor", "assignor"),
              joined("partitions / members", "", "partitions", "members"),
              of("p50", "p50_ms", MS),
              of("p99", "p99_ms", MS),
              of("max", "max_ms", MS),
              of("Baton / this p50", "ratio"),
              joined("timed / warm-up calls", "", "runs", "warmup")),
          TableSpec.of(
              "assignment-handoff",
              "assignment",
              "assignment-handoff",
              of("event", "event"),
              of("trials", "trials"),
              of("p50", "p50_ms", MS),
              of("p99", "p99_ms", MS),
              of("new assignment seen, p50", "published_p50_ms", MS),
              of("rebalance delay", "rebalance_delay_ms", MS),
              joined("moved / minimum, mean", "", "moved_mean", "minimum_mean")),
          TableSpec.of(
              "lease",
              "lease",
              "lease",
              of("system", "system"),
              joined("lease / poll", MS, "lease_ms", "poll_ms"),
              of("handover p50", "handover_p50_ms", MS),
              of("handover p99", "handover_p99_ms", MS),
              of("crash failover p50", "crash_failover_p50_ms", MS),
              of("crash failover max", "crash_failover_max_ms", MS),
              of("idle statements/s per candidate", "idle_statements_per_s_per_candidate"),
              of("statements per handover", "statements_per_handover"),
              joined(
                  "stale writes accepted / rejected",
                  "",
                  "stale_writes_accepted",
                  "stale_writes_rejected")),
          TableSpec.of(
              "chaos",
              "chaos",
              "chaos-*",
              // the ZooKeeper runs; a --backend=lease run prints backend=lease and is not shown
              // here
              TableSpec.Where.isOrAbsent("backend", "zk"),
              of("scenario", Column.NAME),
              of("role", "role"),
              of("fence", "fence"),
              of("db", "db"),
              of("trials", "trials"),
              of("faults", "faults"),
              of("writes", "writes"),
              of("rejected", "rejected"),
              of("violations", "violations"),
              of("independent checker", "independent_violations"),
              of("worst recovery", "recover_ms", MS)),
          // the profile on H2 (runs recorded before the db key were all on H2) and on PostgreSQL
          profile("chaos-profile", TableSpec.Where.isOrAbsent("db", "h2")),
          profile("chaos-profile-postgres", TableSpec.Where.is("db", "postgres")));

  private static TableSpec profile(String id, TableSpec.Where db) {
    return new TableSpec(
        id,
        "chaos-profile",
        "chaos-profile-*",
        List.of(
            of("scenario", Column.NAME),
            of("role", "role"),
            of("fence", "fence"),
            of("trials", "trials"),
            of("failed", "failed"),
            of("faults", "faults"),
            of("writes", "writes"),
            of("rejected", "rejected"),
            of("violations", "violations"),
            of("independent checker", "independent_violations"),
            of("recovery p50", "recover_p50_ms", MS),
            of("recovery max", "recover_max_ms", MS)),
        List.of(TableSpec.Where.isOrAbsent("backend", "zk"), db));
  }

  private Tables() {}

  /**
   * The README's tables.
   *
   * @return every table, in the order above
   */
  public static List<TableSpec> all() {
    return ALL;
  }
}
