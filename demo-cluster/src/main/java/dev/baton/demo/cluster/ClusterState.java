// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.fencing.FencingToken;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.election.LeaderInfo;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the dashboard shows: ZooKeeper's view (leader, owners: the truth, polled by {@link
 * Observer}) and the workers' reports (jobs, results, rejections, reasons). Thread-safe.
 */
final class ClusterState {
  static final int MAX_TERMS = 100;
  static final int MAX_REJECTED = 50;
  static final int MAX_TIMELINE = 500;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Clock clock;
  private final long startedAt;
  private final Deque<Term> terms = new ArrayDeque<>();
  private final Map<Integer, Owner> owners = new TreeMap<>();
  private final Map<String, long[]> counts = new HashMap<>(); // worker -> {jobs, results}
  private final Deque<ObjectNode> rejected = new ArrayDeque<>();
  private final Deque<ObjectNode> timeline = new ArrayDeque<>();
  private final Map<Long, String> revocationReasons = new HashMap<>();
  private long jobsCreated;
  private long resultsAccepted;
  private long rejectedTotal;
  private Term current;

  /** One leadership term as observed. */
  private static final class Term {
    final String worker;
    final FencingToken token;
    final long from;
    Long to;
    String reason;

    Term(String worker, FencingToken token, long from) {
      this.worker = worker;
      this.token = token;
      this.from = from;
    }
  }

  private record Owner(String worker, FencingToken token, long since) {}

  ClusterState(Clock clock) {
    this.clock = clock;
    this.startedAt = clock.millis();
  }

  /** The leader ZooKeeper shows now (empty: nobody leads). */
  synchronized void observeLeader(Optional<LeaderInfo> leader) {
    FencingToken token = leader.map(LeaderInfo::token).orElse(null);
    if (current != null && current.token.equals(token)) {
      return;
    }
    long now = clock.millis();
    if (current != null) {
      current.to = now;
      current.reason = revocationReasons.get(current.token.value());
      String why = current.reason == null ? "" : " (" + current.reason + ")";
      String text = current.worker + "'s term " + current.token.value() + " ended" + why;
      event("revoked", current.worker, null, current.token.value(), text);
      current = null;
    }
    if (leader.isPresent()) {
      current = new Term(leader.get().participantId(), token, now);
      terms.addLast(current);
      while (terms.size() > MAX_TERMS) {
        terms.removeFirst();
      }
      String text = current.worker + " elected with token " + token.value();
      event("elected", current.worker, null, token.value(), text);
    }
  }

  /** The partition owners ZooKeeper shows now. */
  synchronized void observeGroup(GroupStatus status) {
    long now = clock.millis();
    Map<Integer, Owner> seen = new TreeMap<>();
    for (GroupStatus.PartitionStatus p : status.partitions()) {
      if (p.owner().isPresent() && p.token().isPresent()) {
        Owner before = owners.get(p.partition());
        boolean same = before != null && before.token.equals(p.token().get());
        seen.put(p.partition(), same ? before : new Owner(p.owner().get(), p.token().get(), now));
      }
    }
    owners.forEach(
        (p, o) -> {
          if (seen.get(p) == null || !seen.get(p).token.equals(o.token)) {
            event("released", o.worker, p, o.token.value(), o.worker + " released partition " + p);
          }
        });
    seen.forEach(
        (p, o) -> {
          if (owners.get(p) == null || !owners.get(p).token.equals(o.token)) {
            String text = o.worker + " owns partition " + p + " with token " + o.token.value();
            event("assigned", o.worker, p, o.token.value(), text);
          }
        });
    owners.clear();
    owners.putAll(seen);
  }

  /** An event line of a worker ({@link dev.baton.demo.worker.WorkerEvent}). */
  synchronized void onWorkerEvent(JsonNode e) {
    String worker = e.path("worker").asText("?");
    switch (e.path("event").asText()) {
      case "job" -> {
        jobsCreated++;
        counts.computeIfAbsent(worker, w -> new long[2])[0]++;
      }
      case "result" -> {
        resultsAccepted++;
        counts.computeIfAbsent(worker, w -> new long[2])[1]++;
      }
      case "revoked" -> {
        if (e.hasNonNull("tokenValue") && e.hasNonNull("reason")) {
          revocationReasons.put(e.get("tokenValue").asLong(), e.get("reason").asText());
          terms.stream()
              .filter(t -> t.token.value() == e.get("tokenValue").asLong() && t.to != null)
              .forEach(t -> t.reason = e.get("reason").asText());
        }
      }
      case "rejected" -> {
        rejectedTotal++;
        ObjectNode r = JSON.createObjectNode();
        r.put("at", clock.millis());
        r.put("worker", worker);
        for (String field : List.of("what", "resource", "presented", "current")) {
          r.put(field, e.path(field).asText(null));
        }
        r.set("partition", e.hasNonNull("partition") ? e.get("partition") : null);
        r.put("presentedValue", e.path("presentedValue").asLong());
        r.put("currentValue", e.path("currentValue").asLong());
        rejected.addFirst(r);
        while (rejected.size() > MAX_REJECTED) {
          rejected.removeLast();
        }
        long presented = e.path("presentedValue").asLong();
        String text =
            "fence rejected %s's %s with stale token %d (current %d)"
                .formatted(
                    worker, e.path("what").asText(), presented, e.path("currentValue").asLong());
        Integer partition = e.hasNonNull("partition") ? e.get("partition").asInt() : null;
        event("rejected", worker, partition, presented, text);
      }
      default -> {} // ready, elected, assigned, released, session, error: ZooKeeper's view is used
    }
  }

  /** A note on the timeline: a fault, a worker or server change ({@code kind}). */
  synchronized void note(String kind, String worker, String text) {
    event(kind, worker, null, null, text);
  }

  private void event(String kind, String worker, Integer partition, Long tokenValue, String text) {
    ObjectNode n = JSON.createObjectNode();
    n.put("at", clock.millis());
    n.put("kind", kind);
    n.put("worker", worker);
    n.put("partition", partition); // null puts a JSON null
    n.put("tokenValue", tokenValue);
    n.put("text", text);
    timeline.addLast(n);
    while (timeline.size() > MAX_TIMELINE) {
      timeline.removeFirst();
    }
  }

  /** The current leader's id, if any. */
  synchronized Optional<String> leader() {
    return Optional.ofNullable(current).map(t -> t.worker);
  }

  /** The partitions {@code worker} owns now. */
  synchronized List<Integer> partitionsOf(String worker) {
    List<Integer> result = new ArrayList<>();
    owners.forEach(
        (p, o) -> {
          if (o.worker.equals(worker)) {
            result.add(p);
          }
        });
    return result;
  }

  /** Jobs and results accepted from {@code worker}. */
  synchronized long[] countsOf(String worker) {
    return counts.getOrDefault(worker, new long[2]).clone();
  }

  /** Writes its parts of the state into {@code root} ({@link dev.baton.demo.web.DemoBackend}). */
  synchronized void writeTo(ObjectNode root, int partitionCount) {
    root.put("now", clock.millis());
    root.put("startedAt", startedAt);
    if (current == null) {
      root.putNull("leader");
    } else {
      ObjectNode l = root.putObject("leader");
      l.put("worker", current.worker);
      l.put("token", current.token.toString());
      l.put("tokenValue", current.token.value());
      l.put("since", current.from);
    }
    ArrayNode ts = root.putArray("terms");
    for (Term t : terms) {
      ObjectNode n = ts.addObject();
      n.put("worker", t.worker);
      n.put("token", t.token.toString());
      n.put("tokenValue", t.token.value());
      n.put("from", t.from);
      n.put("to", t.to);
      n.put("reason", t.reason);
    }
    ArrayNode ps = root.putArray("partitions");
    for (int p = 0; p < partitionCount; p++) {
      ObjectNode n = ps.addObject();
      n.put("partition", p);
      Owner o = owners.get(p);
      n.put("owner", o == null ? null : o.worker);
      n.put("token", o == null ? null : o.token.toString());
      n.put("tokenValue", o == null ? null : o.token.value());
      n.put("since", o == null ? null : o.since);
    }
    root.putObject("jobs").put("created", jobsCreated);
    root.putObject("results").put("accepted", resultsAccepted);
    ObjectNode rj = root.putObject("rejected");
    rj.put("total", rejectedTotal);
    rj.putArray("recent").addAll(new ArrayList<>(rejected));
    root.putArray("timeline").addAll(new ArrayList<>(timeline));
  }

  @Override
  public synchronized String toString() {
    String leader = current == null ? null : current.worker;
    return "ClusterState[leader=%s, owners=%d, jobs=%d]"
        .formatted(leader, owners.size(), jobsCreated);
  }
}
