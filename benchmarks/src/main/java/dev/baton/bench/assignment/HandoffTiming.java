// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.HandoverQueue;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.SessionExpirer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Time from a membership change (join, graceful leave, join, crash) to every partition owned again,
 * for a group of {@link GroupMember}s with a {@link BatonSession} each on one in-process ZooKeeper
 * server. The action runs on a helper thread from {@code t0}; this thread checks, on in-memory
 * state only, whether the newest {@link PublishedAssignment} covers all partitions and every live
 * member follows and actively owns exactly its share; {@code t1} ends the first check that finds
 * it. No partition may be owned twice ({@link OwnershipChecks}); a crashed member is excluded from
 * {@code t0}, since its client still believes in its ownerships. After each trial {@link
 * GroupStatus#read} cross-checks ZooKeeper. Method: docs/benchmarks.md, "Handoff on real
 * ZooKeeper".
 */
final class HandoffTiming {
  /** A membership change. */
  enum Event {
    JOIN("join"),
    LEAVE("leave"),
    CRASH("crash");

    final String label;

    Event(String label) {
      this.label = label;
    }
  }

  /** The order of one cycle: the group goes M, M+1, M, M+1, M. */
  static final List<Event> CYCLE = List.of(Event.JOIN, Event.LEAVE, Event.JOIN, Event.CRASH);

  /** One member process: its session, its GroupMember and its listener. */
  private record Member(
      String id, BatonSession session, GroupMember member, Listener listener, OperationLog ops) {
    @Override
    public String toString() {
      return id;
    }
  }

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final HandoffOptions config;
  private final Consumer<String> progress;
  private final Random random;
  private final OwnershipChecks checks = new OwnershipChecks();
  private final CallbackTimes callbackTimes = new CallbackTimes();
  private final Map<String, Member> live = new LinkedHashMap<>();
  private final Map<Event, List<HandoffResult.Sample>> samples = new EnumMap<>(Event.class);
  private final ExecutorService actions =
      Executors.newSingleThreadExecutor(HandoverQueue.daemon("handoff-action"));
  private volatile Thread waiter;
  private String connectString;
  private String group;
  private PublishedAssignment published;
  private int nextId;
  private int laterGenerations;

  private HandoffTiming(HandoffOptions config, long seed, Consumer<String> progress) {
    this.config = config;
    this.progress = progress;
    this.random = new Random(seed);
  }

  /**
   * Runs the trials on a fresh in-process ZooKeeper server.
   *
   * @return join, leave, crash, in that order
   */
  static List<HandoffResult> run(HandoffOptions config, long seed, Consumer<String> progress)
      throws Exception {
    config.validate();
    return new HandoffTiming(config, seed, progress).runTrials();
  }

  private List<HandoffResult> runTrials() throws Exception {
    GroupConfig effective = config.memberConfig("/validate", "validate");
    waiter = Thread.currentThread();
    try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start()) {
      connectString = zk.connectString();
      group = "/bench/assignment-handoff/" + UUID.randomUUID().toString().substring(0, 8);
      BatonSession observer =
          BatonSession.start(
              SessionConfig.builder(connectString).sessionTimeout(config.sessionTimeout()).build());
      try {
        published = new PublishedAssignment(observer.curator(), group, this::wake);
        progress(
            "ZooKeeper %s (transaction log fsynced); group %s: %d partitions, %d members, each with its"
                + " own session (timeout %d ms); rebalance delay %d ms, max %d ms; %d warm-up + %d recorded"
                + " cycles of join, leave, join, crash",
            connectString,
            group,
            config.partitions,
            config.members,
            config.sessionTimeout().toMillis(),
            effective.rebalanceDelay().toMillis(),
            effective.rebalanceMaxDelay().toMillis(),
            config.warmupCycles,
            config.cycles);
        long start = System.nanoTime();
        for (int i = 0; i < config.members; i++) {
          Member m = startMember(newId());
          live.put(m.id(), m);
        }
        awaitConverged("the initial group");
        progress(
            "initial group of %d converged in %.2f s (generation %d)",
            config.members, (System.nanoTime() - start) / 1e9, published.current().generation());
        int total = (config.warmupCycles + config.cycles) * CYCLE.size();
        int n = 0;
        for (int c = 0; c < config.warmupCycles + config.cycles; c++) {
          boolean record = c >= config.warmupCycles;
          for (Event e : CYCLE) {
            trial(e, record, ++n, total, observer);
          }
        }
      } finally {
        closeAll();
        if (published != null) {
          published.close();
        }
        observer.close();
        actions.shutdownNow();
      }
    }
    if (laterGenerations > 0) {
      progress(
          "note: in %d trials a further generation was published after convergence",
          laterGenerations);
    }
    List<HandoffResult> results = new ArrayList<>();
    for (Event e : Event.values()) {
      results.add(HandoffResult.of(e, samples.getOrDefault(e, List.of())));
    }
    return results;
  }

  // ---- one trial
  // ----------------------------------------------------------------------------------

  private void trial(Event event, boolean record, int n, int total, BatonSession observer)
      throws Exception {
    PublishedAssignment.Snapshot before = awaitConverged("before trial " + n);
    Set<String> expected = new TreeSet<>(live.keySet());
    Member victim = null;
    String joiningId = null;
    if (event == Event.JOIN) {
      joiningId = newId();
      expected.add(joiningId);
    } else {
      List<Member> candidates = new ArrayList<>(live.values());
      victim = candidates.get(random.nextInt(candidates.size()));
      expected.remove(victim.id());
    }
    boolean assignerRemoved = victim != null && victim.member().isAssigner();
    Member leaving = event == Event.LEAVE ? victim : null;
    if (victim != null) {
      live.remove(victim.id());
    }
    if (event == Event.CRASH) {
      checks.forget(victim.id()); // its client keeps believing after the server ended its session
    }
    AtomicReference<Member> joined = new AtomicReference<>();
    Member target = victim;
    String newId = joiningId;

    callbackTimes.reset();
    long t0 = System.nanoTime();
    Future<long[]> action =
        actions.submit(
            () -> {
              switch (event) {
                case JOIN -> {
                  Member m = startMember(newId);
                  joined.set(m);
                  wake();
                  return new long[] {System.nanoTime(), System.nanoTime()};
                }
                case LEAVE -> {
                  target.member().close();
                  long closed = System.nanoTime();
                  target.session().close();
                  return new long[] {closed, System.nanoTime()};
                }
                default -> {
                  SessionExpirer.expireOnServer(target.session().curator(), Duration.ofSeconds(10));
                  long expired = System.nanoTime();
                  target.member().close();
                  target.session().close();
                  return new long[] {expired, System.nanoTime()};
                }
              }
            });
    PublishedAssignment.Snapshot after = null;
    long t1 = 0;
    long deadline = t0 + config.timeout().toNanos();
    while (after == null) {
      Member newcomer = joined.get();
      if (newcomer != null && !live.containsKey(newcomer.id())) {
        live.put(newcomer.id(), newcomer);
      }
      if (action.isDone()) {
        actionResult(action, event, target == null ? newId : target.id());
      }
      List<Member> watched = new ArrayList<>(live.values());
      if (leaving != null && !action.isDone()) {
        watched.add(leaving); // a leaving member holds its partitions until it releases them
      }
      Map<Member, Map<Integer, PartitionOwnership>> owned = snapshot(watched);
      long now = System.nanoTime();
      OwnershipChecks.checkSnapshots(owned, config.partitions);
      checks.check();
      after = converged(expected, owned, before.generation());
      if (after != null) {
        t1 = now;
        break;
      }
      if (now > deadline) {
        throw new BenchmarkFailure(
            "trial "
                + n
                + " ("
                + event.label
                + ") did not converge within "
                + config.timeout().toMillis()
                + " ms: "
                + describe(expected));
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
    long[] done = actionResult(action, event, target == null ? newId : target.id());
    Member newcomer = joined.get();
    if (newcomer != null) {
      live.putIfAbsent(newcomer.id(), newcomer);
    }
    crossCheck(observer, after, n);

    double ms = (t1 - t0) / 1e6;
    long arrival = published.firstArrivalAfter(before.generation());
    double publishedMs = arrival < 0 ? Double.NaN : (arrival - t0) / 1e6;
    int moved = Assignments.moved(before.owners(), after.owners());
    int minimum =
        Assignments.minimumMoves(before.owners(), new ArrayList<>(expected), config.partitions);
    if (record) {
      samples
          .computeIfAbsent(event, k -> new ArrayList<>())
          .add(new HandoffResult.Sample(ms, publishedMs, moved, minimum, assignerRemoved));
    }
    String what =
        switch (event) {
          case JOIN ->
              String.format(Locale.ROOT, "connected and started in %.1f ms", (done[0] - t0) / 1e6);
          case LEAVE ->
              String.format(
                  Locale.ROOT,
                  "member closed in %.1f ms, session in %.1f ms",
                  (done[0] - t0) / 1e6,
                  (done[1] - done[0]) / 1e6);
          case CRASH ->
              String.format(
                  Locale.ROOT,
                  "expired on the server in %.1f ms, dead member closed in %.1f ms",
                  (done[0] - t0) / 1e6,
                  (done[1] - done[0]) / 1e6);
        };
    if (newcomer != null && arrival >= 0) {
      what += "; its requests from the publication on: " + newcomer.ops().between(arrival, t1);
    }
    what += callbackTimes.describe(t0);
    progress(
        "%s%d/%d %s %s%s: all owned after %.1f ms (generation %d -> %d published after %.1f ms); moved %d"
            + " (minimum %d); %s",
        record ? "" : "warm-up ",
        n,
        total,
        event.label,
        target == null ? newId : target.id(),
        assignerRemoved ? " (the assigner)" : "",
        ms,
        before.generation(),
        after.generation(),
        publishedMs,
        moved,
        minimum,
        what);
  }

  /** The action's times, or a failure if it threw. Waits for it. */
  private long[] actionResult(Future<long[]> action, Event event, String who)
      throws InterruptedException {
    try {
      return action.get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          event.label + " of " + who + " failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new BenchmarkFailure(
          event.label
              + " of "
              + who
              + " did not finish within "
              + config.timeout().toMillis()
              + " ms");
    }
  }

  private static Map<Member, Map<Integer, PartitionOwnership>> snapshot(List<Member> members) {
    Map<Member, Map<Integer, PartitionOwnership>> out = new LinkedHashMap<>();
    for (Member m : members) {
      out.put(m, m.member().ownedPartitions());
    }
    return out;
  }

  /**
   * The published assignment if the group has converged on it: a generation after {@code before},
   * all {@code P} partitions assigned, to exactly the {@code expected} members, each of which
   * follows that generation and owns (actively) exactly its partitions; else null.
   */
  private PublishedAssignment.Snapshot converged(
      Set<String> expected, Map<Member, Map<Integer, PartitionOwnership>> owned, long before) {
    PublishedAssignment.Snapshot a = published.current();
    if (a == null
        || a.generation() <= before
        || a.owners().size() != config.partitions
        || !a.byMember().keySet().equals(expected)) {
      return null;
    }
    int seen = 0;
    for (Map.Entry<Member, Map<Integer, PartitionOwnership>> e : owned.entrySet()) {
      Member m = e.getKey();
      if (!expected.contains(m.id())) {
        continue; // a leaving member, still watched for overlaps
      }
      seen++;
      Set<Integer> mine = a.byMember().get(m.id());
      Map<Integer, PartitionOwnership> has = e.getValue();
      if (has.size() != mine.size() || !mine.containsAll(has.keySet())) {
        return null;
      }
      for (PartitionOwnership ownership : has.values()) {
        if (!ownership.isActive()) {
          return null;
        }
      }
      if (m.member().health().generation() != a.generation()) {
        return null;
      }
    }
    return seen == expected.size() ? a : null;
  }

  /**
   * Waits, without an event, until the group has converged (the current members, any generation).
   */
  private PublishedAssignment.Snapshot awaitConverged(String what) {
    long deadline = System.nanoTime() + config.timeout().toNanos();
    Set<String> expected = new TreeSet<>(live.keySet());
    while (true) {
      Map<Member, Map<Integer, PartitionOwnership>> owned =
          snapshot(new ArrayList<>(live.values()));
      OwnershipChecks.checkSnapshots(owned, config.partitions);
      checks.check();
      PublishedAssignment.Snapshot a = converged(expected, owned, 0);
      if (a != null) {
        return a;
      }
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(
            what
                + " did not converge within "
                + config.timeout().toMillis()
                + " ms: "
                + describe(expected));
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  /**
   * ZooKeeper's own view, once per trial after the action finished: if no later generation was
   * published meanwhile, every partition's ownership znode must belong to the member the assignment
   * names, and that member must be live.
   */
  private void crossCheck(BatonSession observer, PublishedAssignment.Snapshot converged, int n) {
    GroupStatus status = GroupStatus.read(observer, group);
    if (status.generation() != converged.generation()) {
      laterGenerations++;
      progress(
          "trial %d: generation %d published after convergence on %d; not cross-checked",
          n, status.generation(), converged.generation());
      return;
    }
    List<String> wrong = OwnershipChecks.disagreements(status, live.keySet());
    if (status.partitions().size() != config.partitions || !wrong.isEmpty()) {
      throw new BenchmarkFailure(
          "trial "
              + n
              + ": the members' view said converged on generation "
              + converged.generation()
              + " but ZooKeeper disagrees ("
              + status.partitions().size()
              + " partitions): "
              + wrong.subList(0, Math.min(10, wrong.size())));
    }
  }

  private String describe(Set<String> expected) {
    PublishedAssignment.Snapshot a = published.current();
    StringBuilder b = new StringBuilder("expected members ").append(expected);
    if (a == null) {
      b.append("; no assignment received");
    } else {
      b.append("; published generation ")
          .append(a.generation())
          .append(" assigns ")
          .append(a.owners().size())
          .append(" partitions to ")
          .append(new TreeSet<>(a.byMember().keySet()));
    }
    for (Member m : live.values()) {
      Set<Integer> mine = a == null ? Set.of() : a.byMember().getOrDefault(m.id(), Set.of());
      b.append("; ")
          .append(m.id())
          .append(": generation ")
          .append(m.member().health().generation())
          .append(", owns ")
          .append(m.member().ownedPartitions().size())
          .append(" of ")
          .append(mine.size())
          .append(m.member().isAssigner() ? ", assigner" : "");
    }
    b.append("; observer read failures ").append(published.readFailures());
    return b.toString();
  }

  // ---- members
  // ------------------------------------------------------------------------------------

  private String newId() {
    return String.format(Locale.ROOT, "m-%04d", nextId++);
  }

  private Member startMember(String id) {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(connectString).sessionTimeout(config.sessionTimeout()).build());
    OperationLog ops = new OperationLog();
    session.curator().getZookeeperClient().setTracerDriver(ops);
    Listener listener = new Listener(id);
    GroupMember member = GroupMember.create(session, config.memberConfig(group, id), listener);
    member.start();
    return new Member(id, session, member, listener, ops);
  }

  private void closeAll() {
    List<Member> all = new ArrayList<>(live.values());
    live.clear();
    all.parallelStream()
        .forEach(
            m -> {
              m.member().close();
              m.session().close();
            });
  }

  private void wake() {
    Thread t = waiter;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /** Feeds the callback checks and wakes the checking thread. */
  private final class Listener implements PartitionListener {
    private final String id;

    Listener(String id) {
      this.id = id;
    }

    @Override
    public void assigned(PartitionOwnership ownership) {
      callbackTimes.assigned();
      checks.assigned(ownership.partition(), id);
      wake();
    }

    @Override
    public void revoked(PartitionOwnership ownership, RevocationReason reason) {
      if ((reason == RevocationReason.REASSIGNED || reason == RevocationReason.CLOSED)
          && !checks.isForgotten(id)) { // not a crashed member's own late close
        callbackTimes.released();
      }
      checks.revoked(ownership.partition(), id);
      wake();
    }
  }

  private void progress(String format, Object... args) {
    progress.accept(String.format(Locale.ROOT, format, args));
  }
}
