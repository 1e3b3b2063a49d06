// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A scripted {@link DemoBackend}: a 3-server ensemble, workers w1..w3, 12 partitions, leader w1
 * with token 5. Posting {@code kill-leader} kills w1: w2 leads with token 9, takes w1's partitions,
 * and w1's in-flight job is rejected by the fence. Every injection is recorded; {@link #failNext}
 * makes the next one throw.
 */
final class FakeBackend implements DemoBackend {
  /** One recorded injection. */
  record Injection(String kind, Map<String, String> params) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCOPE = "@/baton-demo/scheduler";
  private static final List<String> KINDS =
      List.of(
          "kill-leader",
          "pause-leader",
          "expire-session",
          "cut-worker",
          "kill-zk",
          "restart-zk",
          "add-worker",
          "remove-worker");

  final List<Injection> injections = new CopyOnWriteArrayList<>();
  private final AtomicReference<RuntimeException> nextFailure = new AtomicReference<>();
  private final long startedAt = System.currentTimeMillis() - 90_000;
  private volatile String fixedState;
  private boolean leaderKilled;
  private long killedAt;

  /** Makes {@link #stateJson()} return exactly {@code json}. */
  void fixState(String json) {
    fixedState = json;
  }

  /** Makes the next {@link #inject} throw {@code failure} (after recording it). */
  void failNext(RuntimeException failure) {
    nextFailure.set(failure);
  }

  @Override
  public synchronized String inject(String kind, Map<String, String> params) {
    injections.add(new Injection(kind, Map.copyOf(params)));
    RuntimeException failure = nextFailure.getAndSet(null);
    if (failure != null) {
      throw failure;
    }
    if (!KINDS.contains(kind)) {
      throw new IllegalArgumentException("unknown fault: " + kind);
    }
    if (kind.equals("kill-leader")) {
      if (leaderKilled) {
        throw new IllegalStateException("w2 is the last leader this fake knows");
      }
      leaderKilled = true;
      killedAt = System.currentTimeMillis();
      return "killed w1 (pid 101), the scheduler leader";
    }
    return kind + " done " + params;
  }

  @Override
  public synchronized String stateJson() {
    if (fixedState != null) {
      return fixedState;
    }
    long now = System.currentTimeMillis();
    ObjectNode root = JSON.createObjectNode().put("now", now).put("startedAt", startedAt);
    ObjectNode zk =
        root.putObject("zookeeper")
            .put("connectString", "127.0.0.1:40001,127.0.0.1:40002,127.0.0.1:40003")
            .put("managed", true)
            .put("tls", false);
    ArrayNode servers = zk.putArray("servers");
    for (int i = 0; i < 3; i++) {
      servers
          .addObject()
          .put("index", i)
          .put("id", i + 1)
          .put("address", "127.0.0.1:4000" + (i + 1))
          .put("state", "running")
          .put("mode", i == 1 ? "leader" : "follower");
    }
    String leader = leaderKilled ? "w2" : "w1";
    long token = leaderKilled ? 9 : 5;
    long since = leaderKilled ? killedAt : now - 60_000;
    root.putObject("leader")
        .put("worker", leader)
        .put("token", "ft:" + token + SCOPE)
        .put("tokenValue", token)
        .put("since", since);
    ArrayNode terms = root.putArray("terms");
    term(terms, "w3", 2, now - 85_000, now - 75_000, "SESSION_LOST");
    term(
        terms,
        "w1",
        5,
        now - 60_000,
        leaderKilled ? killedAt : null,
        leaderKilled ? "SESSION_LOST" : null);
    if (leaderKilled) {
      term(terms, "w2", 9, since, null, null);
    }
    ArrayNode workers = root.putArray("workers");
    List<List<Integer>> owned = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      owned.add(new ArrayList<>());
    }
    ArrayNode partitions = root.putArray("partitions");
    for (int p = 0; p < 12; p++) {
      int owner = leaderKilled && p % 3 == 0 ? 1 : p % 3;
      owned.get(owner).add(p);
      long partitionToken = 100 + p + (leaderKilled && p % 3 == 0 ? 50 : 0);
      partitions
          .addObject()
          .put("partition", p)
          .put("owner", "w" + (owner + 1))
          .put("token", "ft:" + partitionToken + "@/baton-demo/stream/" + p)
          .put("tokenValue", partitionToken)
          .put("since", now - 30_000);
    }
    for (int w = 0; w < 3; w++) {
      String id = "w" + (w + 1);
      ObjectNode worker =
          workers
              .addObject()
              .put("id", id)
              .put("pid", 101 + w)
              .put("state", leaderKilled && w == 0 ? "killed" : "running")
              .put("leader", id.equals(leader))
              .put("jobs", id.equals("w1") ? 12 : 3)
              .put("results", 200 + w * 17)
              .putNull("until");
      ArrayNode parts = worker.putArray("partitions");
      owned.get(w).forEach(parts::add);
    }
    root.putObject("jobs").put("created", leaderKilled ? 58 : 57);
    root.putObject("results").put("accepted", 1234);
    ObjectNode rejected = root.putObject("rejected").put("total", leaderKilled ? 2 : 1);
    ArrayNode recent = rejected.putArray("recent");
    if (leaderKilled) {
      recent
          .addObject()
          .put("at", killedAt)
          .put("worker", "w1")
          .put("what", "job")
          .put("resource", "job-58")
          .putNull("partition")
          .put("presented", "ft:5" + SCOPE)
          .put("current", "ft:9" + SCOPE)
          .put("presentedValue", 5)
          .put("currentValue", 9);
    }
    recent
        .addObject()
        .put("at", now - 75_000)
        .put("worker", "w3")
        .put("what", "result")
        .put("resource", "partition-4/offset-17")
        .put("partition", 4)
        .put("presented", "ft:2" + SCOPE)
        .put("current", "ft:5" + SCOPE)
        .put("presentedValue", 2)
        .put("currentValue", 5);
    ArrayNode timeline = root.putArray("timeline");
    event(timeline, now - 85_000, "elected", "w3", null, 2L, "w3 elected with token 2");
    event(timeline, now - 78_000, "fault", "w3", null, null, "paused w3 for 10 s");
    event(timeline, now - 75_000, "rejected", "w3", 4, 2L, "w3's result rejected: token 2 < 5");
    event(timeline, now - 60_000, "elected", "w1", null, 5L, "w1 elected with token 5");
    event(timeline, now - 45_000, "server", null, null, null, "zk3 killed");
    for (int p = 0; p < 12; p++) {
      event(
          timeline,
          now - 30_000,
          "assigned",
          "w" + (p % 3 + 1),
          p,
          100L + p,
          "w" + (p % 3 + 1) + " assigned partition " + p);
    }
    if (leaderKilled) {
      event(timeline, killedAt, "fault", "w1", null, null, "killed w1 (pid 101)");
      event(timeline, killedAt, "rejected", "w1", null, 5L, "w1's job rejected: token 5 < 9");
      event(timeline, since, "elected", "w2", null, 9L, "w2 elected with token 9");
      for (int p = 0; p < 12; p += 3) {
        event(timeline, since, "assigned", "w2", p, 150L + p, "w2 assigned partition " + p);
      }
    }
    ArrayNode faults = root.putArray("faults");
    fault(faults, "kill-leader", "Kill the leader");
    fault(faults, "pause-leader", "Pause the leader", "seconds");
    fault(faults, "expire-session", "Expire a session", "worker");
    fault(faults, "cut-worker", "Cut a worker off ZooKeeper", "worker", "seconds");
    fault(faults, "kill-zk", "Kill a ZooKeeper server", "server");
    fault(faults, "restart-zk", "Restart a ZooKeeper server", "server");
    fault(faults, "add-worker", "Add a worker");
    fault(faults, "remove-worker", "Remove a worker", "worker");
    return root.toString();
  }

  private static void term(
      ArrayNode terms, String worker, long token, long from, Long to, String reason) {
    terms
        .addObject()
        .put("worker", worker)
        .put("token", "ft:" + token + SCOPE)
        .put("tokenValue", token)
        .put("from", from)
        .put("to", to)
        .put("reason", reason);
  }

  private static void event(
      ArrayNode timeline,
      long at,
      String kind,
      String worker,
      Integer partition,
      Long tokenValue,
      String text) {
    timeline
        .addObject()
        .put("at", at)
        .put("kind", kind)
        .put("worker", worker)
        .put("partition", partition)
        .put("tokenValue", tokenValue)
        .put("text", text);
  }

  private static void fault(ArrayNode faults, String kind, String label, String... params) {
    ArrayNode array = faults.addObject().put("kind", kind).put("label", label).putArray("params");
    for (String param : params) {
      array.add(param);
    }
  }
}
