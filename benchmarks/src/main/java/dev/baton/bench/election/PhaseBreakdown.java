// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.bench.election.ClientTrace.Entry;
import dev.baton.bench.election.ClientTrace.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where the time of a handover goes, from the {@link TracingZooKeeper} timestamps of the leader's
 * and the successor's clients (only with {@code --trace}). Phases, per handover:
 *
 * <ul>
 *   <li>{@code close_to_delete}: from the close call to the leader's delete call on its ZooKeeper
 *       handle
 *   <li>{@code delete_to_watch}: from that delete call to the successor's NodeDeleted watch event
 *   <li>{@code watch_to_first_request}: from the watch event to the successor's first request call
 *   <li>{@code requests}: the sum of the successor's request durations (call to result or callback)
 *   <li>{@code between_requests}: the successor's time between its requests
 *   <li>{@code last_response_to_elected}: from the last result to the elected callback
 * </ul>
 *
 * <p>For Baton, whose election reads its (traced) clock when a term begins and ends, also: {@code
 * close_to_revoke} (close call to the leader's revocation), {@code revoke_to_delete}, {@code
 * response_to_lead} (last result to {@code ElectionCore.lead}) and {@code lead_to_callback} (the
 * hand-off to the callback thread).
 */
final class PhaseBreakdown {
  private static final String[] PHASES = {
    "close_to_delete",
    "delete_to_watch",
    "watch_to_first_request",
    "requests",
    "between_requests",
    "last_response_to_elected",
    "leader_delete_rtt",
    "leader_close_session",
    "close_to_revoke",
    "revoke_to_delete",
    "response_to_lead",
    "lead_to_callback"
  };

  private final Map<String, List<Long>> values = new LinkedHashMap<>();
  private final Map<String, Integer> successorCalls = new LinkedHashMap<>();
  private final Map<String, Integer> leaderCalls = new LinkedHashMap<>();
  private String sample;
  private int incomplete;

  PhaseBreakdown() {
    for (String p : PHASES) {
      values.put(p, new ArrayList<>());
    }
  }

  void add(long t0, long elected, List<Entry> leader, List<Entry> successor) {
    List<Entry> leaderCallsList =
        leader.stream()
            .filter(x -> x.kind() == Kind.ZK_CALL)
            .sorted((a, b) -> Long.compare(a.start(), b.start()))
            .collect(Collectors.toList());
    Entry delete =
        leaderCallsList.stream().filter(x -> x.name().equals("delete")).findFirst().orElse(null);
    Entry closeSession =
        leaderCallsList.stream()
            .filter(x -> x.name().equals("closeSession"))
            .findFirst()
            .orElse(null);
    Entry watch =
        successor.stream()
            .filter(
                x ->
                    x.kind() == Kind.WATCH
                        && x.name().equals("watch:NodeDeleted")
                        && x.start() >= t0)
            .min((a, b) -> Long.compare(a.start(), b.start()))
            .orElse(null);
    leaderCalls.merge(
        leaderCallsList.stream().map(Entry::name).collect(Collectors.joining(">")),
        1,
        Integer::sum);
    if (delete == null || watch == null) {
      incomplete++;
      return;
    }
    List<Entry> calls =
        successor.stream()
            .filter(
                x -> x.kind() == Kind.ZK_CALL && x.start() >= watch.start() && x.end() <= elected)
            .sorted((a, b) -> Long.compare(a.start(), b.start()))
            .collect(Collectors.toList());
    successorCalls.merge(
        calls.stream().map(Entry::name).collect(Collectors.joining(">")), 1, Integer::sum);
    put("close_to_delete", delete.start() - t0);
    put("delete_to_watch", watch.start() - delete.start());
    put("leader_delete_rtt", delete.duration());
    if (closeSession != null) {
      put("leader_close_session", closeSession.duration());
    }
    if (calls.isEmpty()) {
      put("watch_to_first_request", 0);
      put("requests", 0);
      put("between_requests", 0);
      put("last_response_to_elected", elected - watch.start());
    } else {
      long sum = calls.stream().mapToLong(Entry::duration).sum();
      Entry first = calls.get(0);
      Entry last = calls.get(calls.size() - 1);
      put("watch_to_first_request", first.start() - watch.start());
      put("requests", sum);
      put("between_requests", (last.end() - first.start()) - sum);
      put("last_response_to_elected", elected - last.end());
    }
    Entry revoke =
        leader.stream()
            .filter(x -> x.kind() == Kind.MARK && x.start() >= t0)
            .min((a, b) -> Long.compare(a.start(), b.start()))
            .orElse(null);
    if (revoke != null && revoke.start() <= delete.start()) {
      put("close_to_revoke", revoke.start() - t0);
      put("revoke_to_delete", delete.start() - revoke.start());
    }
    long lastResponse = calls.isEmpty() ? watch.start() : calls.get(calls.size() - 1).end();
    Entry lead =
        successor.stream()
            .filter(x -> x.kind() == Kind.MARK && x.start() >= lastResponse && x.start() <= elected)
            .min((a, b) -> Long.compare(a.start(), b.start()))
            .orElse(null);
    if (lead != null) {
      put("response_to_lead", lead.start() - lastResponse);
      put("lead_to_callback", elected - lead.start());
    }
    if (sample == null) {
      sample = timeline(t0, elected, leader, successor);
    }
  }

  private void put(String phase, long nanos) {
    values.get(phase).add(nanos);
  }

  /** Medians in ms, one key per phase. */
  String medians() {
    StringBuilder b = new StringBuilder();
    values.forEach(
        (phase, list) -> {
          if (!list.isEmpty()) {
            long[] sorted = list.stream().mapToLong(Long::longValue).sorted().toArray();
            b.append(
                String.format(
                    Locale.ROOT, " %s_p50_ms=%.3f", phase, sorted[sorted.length / 2] / 1e6));
          }
        });
    if (incomplete > 0) {
      b.append(" incomplete_traces=").append(incomplete);
    }
    return b.toString().trim();
  }

  Map<String, Integer> successorCalls() {
    return successorCalls;
  }

  Map<String, Integer> leaderCalls() {
    return leaderCalls;
  }

  /** The first traced handover, entry by entry, relative to the close call. */
  String sample() {
    return sample == null ? "(none)" : sample;
  }

  private static String timeline(long t0, long elected, List<Entry> leader, List<Entry> successor) {
    List<String[]> rows = new ArrayList<>();
    for (Entry x : leader) {
      rows.add(row(t0, "leader", x));
    }
    for (Entry x : successor) {
      rows.add(row(t0, "successor", x));
    }
    rows.add(
        new String[] {
          String.format(Locale.ROOT, "%9.3f", (elected - t0) / 1e6),
          "successor",
          "ELECTED callback",
          ""
        });
    rows.sort(
        (a, b) -> Double.compare(Double.parseDouble(a[0].trim()), Double.parseDouble(b[0].trim())));
    return rows.stream().map(r -> "    " + String.join("  ", r)).collect(Collectors.joining("\n"));
  }

  private static String[] row(long t0, String who, Entry x) {
    double start = ((x.start() < 0 ? x.end() : x.start()) - t0) / 1e6;
    String what =
        x.kind()
            + " "
            + x.name()
            + (x.kind() == Kind.ZK_CALL
                ? String.format(Locale.ROOT, " (%.3f ms)", x.duration() / 1e6)
                : "");
    return new String[] {
      String.format(Locale.ROOT, "%9.3f", start), who, what, "[" + x.thread() + "]"
    };
  }

  @Override
  public String toString() {
    return Arrays.toString(PHASES);
  }
}
