// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.HandoverQueue;
import dev.baton.bench.contender.HandoverQueue.Elected;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.data.Stat;

/**
 * The candidates of one library on one election path, in queue order (leader first): joins them all
 * at once, hands leadership over one candidate at a time, closes them. Every handover replaces the
 * leaving leader with a newcomer at the back, so the count stays constant.
 */
final class CandidatePool {
  /** A handover's numbers. */
  record Handover(long latencyNanos, long closeNanos) {}

  private final String library;
  private final String path;
  private final Library kind;
  private final ZkClient settings;
  private final long timeoutMs;
  private final HandoverQueue queue;
  private final List<String> joinedPaths = new ArrayList<>();
  private final List<Long> joinedOwners = new ArrayList<>();
  private int nextIndex;
  private long allStarted;
  private JoinPhases joinPhases;

  CandidatePool(String library, Library kind, ZkClient settings, String path, long timeoutMs) {
    this.library = library;
    this.kind = kind;
    this.settings = settings;
    this.path = path;
    this.timeoutMs = timeoutMs;
    this.queue =
        new HandoverQueue(library, timeoutMs, kind == Library.BATON, c -> tracer(c).operations());
  }

  private ZkCandidate newCandidate() throws Exception {
    SettleTracer tracer = new SettleTracer();
    Candidate.Sink sink = queue.sink(tracer::operations);
    return ZkCandidate.connect(
        kind,
        kind.key() + "-" + nextIndex++,
        path,
        settings,
        tracer,
        (who, nanos, token) -> {
          tracer.settled(nanos);
          sink.elected(who, nanos, token);
        });
  }

  /**
   * Starts {@code count} candidates, {@code threads} at a time (each opens its session, then enters
   * the election in the background), and waits until every one has settled: the leader elected,
   * every other one watching its predecessor.
   *
   * @return nanoseconds from the first session's start to the last candidate settling
   */
  long joinAll(int count, int threads, CuratorFramework reader) throws Exception {
    List<ZkCandidate> joined = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads, HandoverQueue.daemon("joiner"));
    long t0 = System.nanoTime();
    try {
      List<Future<ZkCandidate>> starting = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        starting.add(
            pool.submit(
                () -> {
                  long created = System.nanoTime();
                  ZkCandidate c = newCandidate();
                  tracer(c).startedAt = created;
                  c.join();
                  tracer(c).joinedAt = System.nanoTime();
                  return c;
                }));
      }
      for (Future<ZkCandidate> f : starting) {
        joined.add(f.get(timeoutMs, TimeUnit.MILLISECONDS));
      }
      allStarted = System.nanoTime() - t0;
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(timeoutMs, TimeUnit.MILLISECONDS); // not counted as a candidate's
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    for (ZkCandidate c : joined) {
      awaitSettled(c, deadline, c + " neither led nor watched within " + timeoutMs + " ms");
    }
    long last = joined.stream().mapToLong(c -> tracer(c).settledAt()).max().orElse(t0);
    joinPhases = JoinPhases.of(joined, allStarted, last - t0);
    Elected first = queue.pending().poll();
    if (first == null || !queue.pending().isEmpty()) {
      throw new BenchmarkFailure(
          library
              + ": expected exactly one elected callback while joining, got "
              + queue.pending());
    }
    queue.first(first);
    List<ZkCandidate> ordered = inQueueOrder(joined, reader);
    queue.candidates().addAll(ordered);
    if (ordered.get(0) != first.who()) {
      throw new BenchmarkFailure(
          library + ": " + first.who() + " was elected, but " + ordered.get(0) + " is first");
    }
    return last - t0;
  }

  /** Orders the candidates as their znodes are queued, read with {@code reader}. */
  private List<ZkCandidate> inQueueOrder(List<ZkCandidate> candidates, CuratorFramework reader)
      throws Exception {
    Map<Long, ZkCandidate> bySession = new HashMap<>();
    for (ZkCandidate c : candidates) {
      bySession.put(c.sessionId(), c);
    }
    List<String> children = new ArrayList<>(reader.getChildren().forPath(path));
    children.sort(Comparator.comparingInt(CandidatePool::sequence));
    List<ZkCandidate> ordered = new ArrayList<>();
    for (String child : children) {
      Stat stat = reader.checkExists().forPath(ZKPaths.makePath(path, child));
      ZkCandidate c = stat == null ? null : bySession.get(stat.getEphemeralOwner());
      if (c == null) {
        throw new BenchmarkFailure(library + ": znode " + child + " belongs to no candidate");
      }
      ordered.add(c);
      joinedPaths.add(ZKPaths.makePath(path, child));
      joinedOwners.add(stat.getEphemeralOwner());
    }
    if (ordered.size() != candidates.size()) {
      throw new BenchmarkFailure(
          library + ": " + ordered.size() + " znodes for " + candidates.size() + " candidates");
    }
    return ordered;
  }

  /** The sequence suffix ZooKeeper appended (the last 10 characters; a fresh path never wraps). */
  static int sequence(String child) {
    return Integer.parseInt(child.substring(child.length() - 10));
  }

  /** Where the last {@link #joinAll} spent its time. */
  JoinPhases joinPhases() {
    return joinPhases;
  }

  /** The candidates in queue order, leader first. */
  List<ZkCandidate> queue() {
    return queue.candidates();
  }

  /** The znode paths of the queue as it was right after {@link #joinAll}, leader first. */
  List<String> joinedPaths() {
    return joinedPaths;
  }

  /** The owner sessions of {@link #joinedPaths()}, same order. */
  List<Long> joinedOwners() {
    return joinedOwners;
  }

  /**
   * One graceful handover: on the closer thread take t0 and close the leader (its recipe, then its
   * session); the successor's elected callback takes t1. Checks that the successor, and only it,
   * leads, then adds a newcomer at the back and waits until it has settled and the old leader's
   * close has returned.
   */
  Handover handover(int number) throws Exception {
    if (!queue.pending().isEmpty()) {
      throw new BenchmarkFailure(library + ": elected callback before handover #" + number);
    }
    Future<long[]> closing = queue.closeLeader(true, () -> {});
    Elected e = queue.awaitElected(number, closing);
    queue.promote(number, e);
    ZkCandidate newcomer = newCandidate();
    newcomer.join();
    awaitSettled(
        newcomer,
        System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs),
        "newcomer " + newcomer + " did not settle");
    queue.awaitQuiet(newcomer);
    queue.candidates().add(newcomer);
    long[] times = queue.closed(number, closing);
    return new Handover(queue.latency(number, e, times), times[1] - times[0]);
  }

  /**
   * Waits until {@code c} has led or watched; fails with {@code failure} after {@code deadline}.
   */
  private void awaitSettled(ZkCandidate c, long deadline, String failure)
      throws InterruptedException {
    while (!tracer(c).isSettled()) {
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(library + ": " + failure);
      }
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  /** Waits until no candidate has completed an operation for {@code quietMs}. */
  void awaitQuiet(long quietMs) throws InterruptedException {
    queue.awaitQuiet("the candidates", queue::operations, quietMs);
  }

  /** Operations per candidate so far (Curator's traces: requests completed, with their retries). */
  double operationsPerCandidate() {
    return queue().isEmpty() ? 0 : queue.operations() / (double) queue().size();
  }

  /** Closes every candidate ({@link ZkCandidate#closeAll}). */
  void close() {
    queue.close();
  }

  /** The tracer every candidate of a pool was connected with. */
  static SettleTracer tracer(ZkCandidate c) {
    return (SettleTracer) c.tracer();
  }
}
