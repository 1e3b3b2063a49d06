// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import dev.baton.fencing.FencingToken;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
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
  /** An elected callback: who, when ({@link System#nanoTime()} taken first), the token. */
  record Elected(Candidate who, long nanos, Optional<FencingToken> token) {}

  /** A handover's numbers. */
  record Handover(long latencyNanos, long closeNanos) {}

  /** How long a newcomer must stay silent to count as settled after its watch. */
  private static final long QUIET_MS = 10;

  private final String library;
  private final String path;
  private final Library kind;
  private final ZkClient settings;
  private final long timeoutMs;
  private final List<ZkCandidate> queue = new ArrayList<>();
  private final LinkedBlockingQueue<Elected> events = new LinkedBlockingQueue<>();
  private final ExecutorService closer = Executors.newSingleThreadExecutor(daemon("closer"));
  private final List<String> joinedPaths = new ArrayList<>();
  private final List<Long> joinedOwners = new ArrayList<>();
  private int nextIndex;
  private FencingToken lastToken;
  private long allStarted;
  private JoinPhases joinPhases;

  CandidatePool(String library, Library kind, ZkClient settings, String path, long timeoutMs) {
    this.library = library;
    this.kind = kind;
    this.settings = settings;
    this.path = path;
    this.timeoutMs = timeoutMs;
  }

  private ZkCandidate newCandidate() throws Exception {
    SettleTracer tracer = new SettleTracer();
    return ZkCandidate.connect(
        kind,
        kind.key() + "-" + nextIndex++,
        path,
        settings,
        tracer,
        (who, nanos, token) -> {
          tracer.settled(nanos);
          events.add(new Elected(who, nanos, token));
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
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemon("joiner"));
    long t0 = System.nanoTime();
    try {
      List<Future<ZkCandidate>> starting = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        starting.add(
            pool.submit(
                () -> {
                  long created = System.nanoTime();
                  ZkCandidate c = newCandidate();
                  tracer(c).started(created);
                  c.join();
                  tracer(c).joined(System.nanoTime());
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
      while (!tracer(c).isSettled()) {
        if (System.nanoTime() > deadline) {
          throw new BenchmarkFailure(
              library + ": " + c + " neither led nor watched within " + timeoutMs + " ms");
        }
        TimeUnit.MILLISECONDS.sleep(1);
      }
    }
    long last = joined.stream().mapToLong(c -> tracer(c).settledAt()).max().orElse(t0);
    joinPhases = JoinPhases.of(joined, allStarted, last - t0);
    Elected first = events.poll();
    if (first == null || !events.isEmpty()) {
      throw new BenchmarkFailure(
          library + ": expected exactly one elected callback while joining, got " + events);
    }
    lastToken = first.token().orElse(null);
    queue.addAll(inQueueOrder(joined, reader));
    if (queue.get(0) != first.who()) {
      throw new BenchmarkFailure(
          library + ": " + first.who() + " was elected, but " + queue.get(0) + " is first");
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
    return queue;
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
    if (!events.isEmpty()) {
      throw new BenchmarkFailure(library + ": elected callback before handover #" + number);
    }
    ZkCandidate leader = queue.get(0);
    ZkCandidate successor = queue.get(1);
    Future<long[]> closing =
        closer.submit(
            () -> {
              long t0 = System.nanoTime();
              leader.closeRecipe();
              leader.closeSession();
              return new long[] {t0, System.nanoTime()};
            });
    Elected e = events.poll(timeoutMs, TimeUnit.MILLISECONDS);
    if (e == null) {
      throw new BenchmarkFailure(
          library + ": handover #" + number + ": nobody elected within " + timeoutMs + " ms");
    }
    if (e.who() != successor) {
      throw new BenchmarkFailure(
          library + ": handover #" + number + ": " + e.who() + " elected, not " + successor);
    }
    queue.remove(0);
    checkSingleLeader(number, leader, e.who(), e);
    ZkCandidate newcomer = newCandidate();
    newcomer.join();
    awaitSettled(newcomer);
    queue.add(newcomer);
    long[] times;
    try {
      times = closing.get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException failed) {
      throw new BenchmarkFailure(
          library + ": handover #" + number + ": closing the leader failed: " + failed.getCause());
    }
    if (e.nanos() < times[0]) {
      throw new BenchmarkFailure(library + ": handover #" + number + ": elected before the close");
    }
    return new Handover(e.nanos() - times[0], times[1] - times[0]);
  }

  private void checkSingleLeader(int number, ZkCandidate closed, Candidate elected, Elected e) {
    if (closed.isLeader()) {
      throw new BenchmarkFailure(library + ": handover #" + number + ": closed leader leads");
    }
    for (ZkCandidate c : queue) {
      if (c.isLeader() != (c == elected)) {
        throw new BenchmarkFailure(
            library + ": handover #" + number + ": " + c + " isLeader()=" + c.isLeader());
      }
    }
    if (e.token().isPresent()) {
      FencingToken token = e.token().get();
      if (!elected.token().equals(e.token())
          || (lastToken != null && !token.isNewerThan(lastToken))) {
        throw new BenchmarkFailure(
            library
                + ": handover #"
                + number
                + ": token "
                + token
                + " (reported "
                + elected.token()
                + ") is not above "
                + lastToken);
      }
      lastToken = token;
    }
  }

  /** Waits for the newcomer's watch, then for {@link #QUIET_MS} without an operation. */
  private void awaitSettled(ZkCandidate c) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (!tracer(c).isSettled()) {
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(library + ": newcomer " + c + " did not settle");
      }
      TimeUnit.MILLISECONDS.sleep(1);
    }
    long ops = tracer(c).operations();
    while (true) {
      TimeUnit.MILLISECONDS.sleep(QUIET_MS);
      long now = tracer(c).operations();
      if (now == ops) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(library + ": newcomer " + c + " kept sending requests");
      }
      ops = now;
    }
  }

  /** Waits until no candidate has completed an operation for {@code quietMs}. */
  void awaitQuiet(long quietMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    long ops = operations();
    while (true) {
      TimeUnit.MILLISECONDS.sleep(quietMs);
      long now = operations();
      if (now == ops) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(library + ": the candidates did not go quiet");
      }
      ops = now;
    }
  }

  /** Operations per candidate so far (Curator's traces: requests completed, with their retries). */
  double operationsPerCandidate() {
    return queue.isEmpty() ? 0 : operations() / (double) queue.size();
  }

  private long operations() {
    return queue.stream().mapToLong(c -> tracer(c).operations()).sum();
  }

  /** Closes every candidate ({@link ZkCandidate#closeAll}). */
  void close() {
    try {
      ZkCandidate.closeAll(queue, timeoutMs);
    } finally {
      closer.shutdownNow();
      queue.clear();
    }
    try {
      closer.awaitTermination(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The tracer every candidate of a pool was connected with. */
  static SettleTracer tracer(ZkCandidate c) {
    return (SettleTracer) c.tracer();
  }

  static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, "bench-" + name);
      t.setDaemon(true);
      return t;
    };
  }
}
