// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The profile's tally per (scenario, role, fence) cell: trials, failures, faults, writes,
 * rejections, both checkers' violations, recovery median and maximum.
 */
final class ProfileTable {
  static final class Row {
    int trials;
    int failed;
    long faults;
    long writes;
    long rejected;
    long violations;
    long independent;
    final List<Long> recoveries = new ArrayList<>();

    long p50() { // the lower median; (0 - 1) / 2 is 0
      return recoveries.stream().sorted().skip((recoveries.size() - 1) / 2).findFirst().orElse(0L);
    }

    long max() {
      return recoveries.stream().mapToLong(Long::longValue).max().orElse(0);
    }
  }

  private final Map<String, Row> rows = new LinkedHashMap<>();

  /** Counts a trial of the cell {@code cell} from its ledger entry. */
  synchronized void add(String cell, ProfileLedger.Entry e) {
    Row row = rows.computeIfAbsent(cell, c -> new Row());
    row.trials++;
    row.failed += e.failed() ? 1 : 0;
    if (e.error()) {
      return;
    }
    row.faults += e.faults();
    row.writes += e.writes();
    row.rejected += e.rejected();
    row.violations += e.violations();
    row.independent += e.independent();
    row.recoveries.add(e.recoverMs());
  }

  synchronized Map<String, Row> rows() {
    return Map.copyOf(rows);
  }

  synchronized int failed() {
    return rows.values().stream().mapToInt(r -> r.failed).sum();
  }

  /**
   * A {@code RESULT chaos-profile-<scenario>} line per cell, ending in {@code db} and {@code
   * backend} (the report tells the lease backend's runs from ZooKeeper's by it).
   */
  synchronized void print(PrintStream out, String db, String backend) {
    rows.forEach(
        (cell, r) ->
            out.printf(
                Locale.ROOT,
                "RESULT chaos-profile-%s role=%s fence=%s trials=%d failed=%d faults=%d writes=%d"
                    + " rejected=%d violations=%d independent_violations=%d recover_p50_ms=%d"
                    + " recover_max_ms=%d db=%s backend=%s%n",
                columns(cell, r, db, backend)));
  }

  synchronized String markdown() {
    StringBuilder b =
        new StringBuilder(
            "| scenario | role | fence | trials | failed | faults | writes | rejected | violations"
                + " | independent | recovery p50 | recovery max |\n"
                + "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    rows.forEach(
        (cell, r) ->
            b.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %d ms | %d ms |%n",
                    columns(cell, r))));
    return b.toString();
  }

  /** A row's columns: scenario, role, fence, the counts, the recoveries, then {@code extra}. */
  private static Object[] columns(String cell, Row r, Object... extra) {
    String[] c = cell.split(" ");
    List<Object> columns =
        new ArrayList<>(
            List.of(
                c[0],
                c[1],
                c[2],
                r.trials,
                r.failed,
                r.faults,
                r.writes,
                r.rejected,
                r.violations,
                r.independent,
                r.p50(),
                r.max()));
    columns.addAll(List.of(extra));
    return columns.toArray();
  }
}
