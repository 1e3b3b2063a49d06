// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.fencing.FencingToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The candidates of one ZooKeeper election in queue order (leader first), their elected callbacks,
 * and the steps of a graceful handover that election-handover and election-scale share. Method:
 * docs/benchmarks.md, "One handover".
 */
public final class HandoverQueue implements AutoCloseable {
  /** An elected callback: who, when (taken first thing), its token, the operations by then. */
  public record Elected(
      Candidate who, long nanos, Optional<FencingToken> token, long operationsAtCallback) {}

  /** How long a newcomer must stay silent to count as settled. */
  public static final long QUIET_MS = 10;

  private final String library;
  private final long timeoutMs;
  private final boolean tokens;
  private final ToLongFunction<ZkCandidate> operations;
  private final List<ZkCandidate> queue = new ArrayList<>();
  private final LinkedBlockingQueue<Elected> events = new LinkedBlockingQueue<>();
  private final ExecutorService closer = Executors.newSingleThreadExecutor(daemon("closer"));
  private FencingToken lastToken;

  /**
   * @param library the name failures start with
   * @param tokens whether every elected callback carries a token (Baton)
   * @param operations a candidate's completed ZooKeeper operations so far (its tracer's count)
   */
  public HandoverQueue(
      String library, long timeoutMs, boolean tokens, ToLongFunction<ZkCandidate> operations) {
    this.library = library;
    this.timeoutMs = timeoutMs;
    this.tokens = tokens;
    this.operations = operations;
  }

  /** The sink of a new candidate: its callbacks, with {@code operations} at each. */
  public Candidate.Sink sink(LongSupplier operations) {
    return (who, nanos, token) ->
        events.add(new Elected(who, nanos, token, operations.getAsLong()));
  }

  /** The candidates in queue order, leader first. */
  public List<ZkCandidate> candidates() {
    return queue;
  }

  /** The next elected callback, or null after {@code timeoutMs}. */
  public Elected poll() throws InterruptedException {
    return events.poll(timeoutMs, TimeUnit.MILLISECONDS);
  }

  /** Elected callbacks not taken yet. */
  public LinkedBlockingQueue<Elected> pending() {
    return events;
  }

  /** Takes {@code first}'s election as the first term (its token the one to beat). */
  public void first(Elected first) {
    lastToken = first.token().orElse(null);
  }

  /**
   * Starts closing the leader on the closer thread: t0, its recipe (then {@code recipeClosed}
   * runs), then its session if {@code session}; the future's value is {t0, end of the close}.
   */
  public Future<long[]> closeLeader(boolean session, Runnable recipeClosed) {
    ZkCandidate leader = queue.get(0);
    return closer.submit(
        () -> {
          long t0 = System.nanoTime();
          leader.closeRecipe();
          recipeClosed.run();
          if (session) {
            leader.closeSession();
          }
          return new long[] {t0, System.nanoTime()};
        });
  }

  /** Waits for the callback after handover {@code number}'s close; fails if none comes. */
  public Elected awaitElected(int number, Future<?> closing) throws InterruptedException {
    Elected e = poll();
    if (e == null) {
      throw failure(
          number,
          "no candidate was elected within %d ms after closing %s%s"
              .formatted(timeoutMs, queue.get(0), failureOf(closing)));
    }
    return e;
  }

  /**
   * Checks that {@code e} elected the successor, drops the closed leader from the queue, and checks
   * that the successor, and only it, leads now (with its token the callback's, above the last).
   */
  public void promote(int number, Elected e) {
    ZkCandidate closed = queue.get(0);
    if (e.who() != queue.get(1)) {
      throw failure(
          number, e.who() + " was elected, expected the next in the queue, " + queue.get(1));
    }
    queue.remove(0);
    if (closed.isLeader()) {
      throw failure(number, "the closed leader " + closed + " still reports isLeader()");
    }
    for (ZkCandidate c : queue) {
      if (c.isLeader() != (c == e.who())) {
        throw failure(
            number, c + " reports isLeader()=" + c.isLeader() + ", " + e.who() + " leads");
      }
    }
    if (tokens || e.token().isPresent()) {
      Optional<FencingToken> token = e.who().token();
      if (token.isEmpty() || !token.equals(e.token())) {
        throw failure(number, e.who() + " reports token " + token + ", elected with " + e.token());
      }
      if (lastToken != null && !token.get().isNewerThan(lastToken)) {
        throw failure(number, "token " + token.get() + " is not above " + lastToken);
      }
      lastToken = token.get();
    }
  }

  /** The close's {t0, end}, waited for; fails if it failed. */
  public long[] closed(int number, Future<long[]> closing) throws Exception {
    try {
      return closing.get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException failed) {
      throw failure(number, "closing the leader failed: " + failed.getCause());
    }
  }

  /** Fails unless the callback {@code e} came after the close's t0. */
  public long latency(int number, Elected e, long[] closeTimes) {
    if (e.nanos() < closeTimes[0]) {
      throw failure(number, "elected before the close started");
    }
    return e.nanos() - closeTimes[0];
  }

  /**
   * Waits until {@code what} has completed no operation for {@code quietMs} (polling every {@code
   * quietMs}); fails after {@code timeoutMs}.
   */
  public void awaitQuiet(Object what, LongSupplier ops, long quietMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    long before = ops.getAsLong();
    while (true) {
      TimeUnit.MILLISECONDS.sleep(quietMs);
      long now = ops.getAsLong();
      if (now == before) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(
            library + ": " + what + " kept sending requests for " + timeoutMs + " ms");
      }
      before = now;
    }
  }

  /** Waits until the newcomer {@code c} has sent nothing for {@link #QUIET_MS}. */
  public void awaitQuiet(ZkCandidate c) throws InterruptedException {
    awaitQuiet("candidate " + c, () -> operations.applyAsLong(c), QUIET_MS);
  }

  /** All candidates' operations so far. */
  public long operations() {
    return queue.stream().mapToLong(operations).sum();
  }

  private BenchmarkFailure failure(int number, String what) {
    return new BenchmarkFailure(library + ": handover #" + number + ": " + what);
  }

  /** How {@code closing} failed, if it is done and did. */
  public static String failureOf(Future<?> closing) throws InterruptedException {
    if (!closing.isDone()) {
      return "";
    }
    try {
      closing.get();
      return "";
    } catch (ExecutionException | CancellationException x) {
      return " (closing failed: " + (x.getCause() == null ? x : x.getCause()) + ")";
    }
  }

  /** Closes every candidate ({@link ZkCandidate#closeAll}), then the closer thread. */
  @Override
  public void close() {
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

  /** Daemon threads named {@code bench-<name>}. */
  public static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, "bench-" + name);
      t.setDaemon(true);
      return t;
    };
  }
}
