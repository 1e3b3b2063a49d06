// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.assignment.MembershipTrace.Kind;
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
import java.util.concurrent.Callable;
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
 * for {@link GroupMember}s with a {@link BatonSession} each on one in-process ZooKeeper server. The
 * action runs on a helper thread from {@code t0}; this thread polls in-memory state only, and
 * {@code t1} ends the first check that finds the newest {@link PublishedAssignment} followed and
 * actively owned by exactly the live members. Method: docs/benchmarks.md, "Handoff on real
 * ZooKeeper".
 */
final class HandoffTiming {
  /** The order of one cycle: the group goes M, M+1, M, M+1, M. */
  static final List<Kind> CYCLE = List.of(Kind.JOIN, Kind.LEAVE, Kind.JOIN, Kind.CRASH);

  /** One member process: its session, its GroupMember and its operation log. */
  private record Member(String id, BatonSession session, GroupMember member, OperationLog ops) {
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
  private final Map<Kind, List<HandoffResult.Sample>> samples = new EnumMap<>(Kind.class);
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
      BatonSession observer = newSession();
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
          for (Kind e : CYCLE) {
            trial(e, c >= config.warmupCycles, ++n, total, observer);
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
    for (Kind e : Kind.values()) {
      results.add(HandoffResult.of(e, samples.getOrDefault(e, List.of())));
    }
    return results;
  }

  /** One trial: the action on the helper thread from t0, polled on this one until converged. */
  private void trial(Kind event, boolean record, int n, int total, BatonSession observer)
      throws Exception {
    PublishedAssignment.Snapshot before = awaitConverged("before trial " + n);
    Set<String> expected = new TreeSet<>(live.keySet());
    Member victim = null;
    String who;
    if (event == Kind.JOIN) {
      who = newId();
      expected.add(who);
    } else {
      List<Member> candidates = new ArrayList<>(live.values());
      victim = candidates.get(random.nextInt(candidates.size()));
      who = victim.id();
      expected.remove(who);
      live.remove(who);
    }
    boolean assignerRemoved = victim != null && victim.member().isAssigner();
    Member leaving = event == Kind.LEAVE ? victim : null;
    if (event == Kind.CRASH) {
      checks.forget(who); // its client keeps believing after the server ended its session
    }
    AtomicReference<Member> joined = new AtomicReference<>();
    Member target = victim;

    callbackTimes.reset();
    long t0 = System.nanoTime();
    Future<long[]> action =
        actions.submit(
            () -> {
              switch (event) {
                case JOIN -> {
                  joined.set(startMember(who));
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
    Converged converged =
        awaitConverged(
            "trial " + n + " (" + event.label() + ")",
            expected,
            before.generation(),
            t0 + config.timeout().toNanos(),
            () -> {
              Member newcomer = joined.get();
              if (newcomer != null) {
                live.putIfAbsent(newcomer.id(), newcomer);
              }
              if (action.isDone()) {
                actionResult(action, event, who);
              }
              List<Member> watched = new ArrayList<>(live.values());
              if (leaving != null && !action.isDone()) {
                watched.add(
                    leaving); // a leaving member holds its partitions until it releases them
              }
              return watched;
            });
    PublishedAssignment.Snapshot after = converged.assignment();
    long t1 = converged.nanos();
    long[] done = actionResult(action, event, who);
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
          case JOIN -> format("connected and started in %.1f ms", (done[0] - t0) / 1e6);
          case LEAVE ->
              format(
                  "member closed in %.1f ms, session in %.1f ms",
                  (done[0] - t0) / 1e6, (done[1] - done[0]) / 1e6);
          case CRASH ->
              format(
                  "expired on the server in %.1f ms, dead member closed in %.1f ms",
                  (done[0] - t0) / 1e6, (done[1] - done[0]) / 1e6);
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
        event.label(),
        who,
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
  private long[] actionResult(Future<long[]> action, Kind event, String who)
      throws InterruptedException {
    try {
      return action.get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          event.label() + " of " + who + " failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new BenchmarkFailure(
          format("%s of %s did not finish within %d ms", event.label(), who, timeoutMs()));
    }
  }

  /** The converged assignment and when the check that found it took its snapshot. */
  private record Converged(PublishedAssignment.Snapshot assignment, long nanos) {}

  /** Waits, without an event, until the current members have converged (any generation). */
  private PublishedAssignment.Snapshot awaitConverged(String what) throws Exception {
    long deadline = System.nanoTime() + config.timeout().toNanos();
    return awaitConverged(
            what, new TreeSet<>(live.keySet()), 0, deadline, () -> new ArrayList<>(live.values()))
        .assignment();
  }

  /**
   * Polls until {@link #converged} finds a generation after {@code before}, checking the members
   * {@code watched} returns for overlaps each time; fails after {@code deadline}.
   */
  private Converged awaitConverged(
      String what, Set<String> expected, long before, long deadline, Callable<List<Member>> watched)
      throws Exception {
    while (true) {
      Map<Member, Map<Integer, PartitionOwnership>> owned = new LinkedHashMap<>();
      for (Member m : watched.call()) {
        owned.put(m, m.member().ownedPartitions());
      }
      long now = System.nanoTime();
      OwnershipChecks.checkSnapshots(owned, config.partitions);
      checks.check();
      PublishedAssignment.Snapshot a = converged(expected, owned, before);
      if (a != null) {
        return new Converged(a, now);
      }
      if (now > deadline) {
        throw new BenchmarkFailure(
            format("%s did not converge within %d ms: %s", what, timeoutMs(), describe(expected)));
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
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
      if (has.size() != mine.size()
          || !mine.containsAll(has.keySet())
          || !has.values().stream().allMatch(PartitionOwnership::isActive)
          || m.member().health().generation() != a.generation()) {
        return null;
      }
    }
    return seen == expected.size() ? a : null;
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
          format(
              "trial %d: the members' view said converged on generation %d but ZooKeeper"
                  + " disagrees (%d partitions): %s",
              n,
              converged.generation(),
              status.partitions().size(),
              wrong.subList(0, Math.min(10, wrong.size()))));
    }
  }

  private String describe(Set<String> expected) {
    PublishedAssignment.Snapshot a = published.current();
    StringBuilder b = new StringBuilder("expected members ").append(expected);
    b.append(
        a == null
            ? "; no assignment received"
            : format(
                "; published generation %d assigns %d partitions to %s",
                a.generation(), a.owners().size(), new TreeSet<>(a.byMember().keySet())));
    for (Member m : live.values()) {
      Set<Integer> mine = a == null ? Set.of() : a.byMember().getOrDefault(m.id(), Set.of());
      b.append(
          format(
              "; %s: generation %d, owns %d of %d%s",
              m.id(),
              m.member().health().generation(),
              m.member().ownedPartitions().size(),
              mine.size(),
              m.member().isAssigner() ? ", assigner" : ""));
    }
    return b.append("; observer read failures ").append(published.readFailures()).toString();
  }

  private String newId() {
    return format("m-%04d", nextId++);
  }

  private BatonSession newSession() {
    return BatonSession.start(
        SessionConfig.builder(connectString).sessionTimeout(config.sessionTimeout()).build());
  }

  private Member startMember(String id) {
    BatonSession session = newSession();
    OperationLog ops = new OperationLog();
    session.curator().getZookeeperClient().setTracerDriver(ops);
    GroupMember member =
        GroupMember.create(session, config.memberConfig(group, id), new Listener(id));
    member.start();
    return new Member(id, session, member, ops);
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

  private long timeoutMs() {
    return config.timeout().toMillis();
  }

  private static String format(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  private void progress(String format, Object... args) {
    progress.accept(format(format, args));
  }
}
