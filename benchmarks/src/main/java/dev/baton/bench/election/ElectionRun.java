// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.HandoverTimes;
import dev.baton.bench.contender.HandoverQueue;
import dev.baton.bench.contender.HandoverQueue.Elected;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.zookeeper.ZooKeeper;

/**
 * One library's election with a constant number of candidates on a fresh path, and its
 * measurements: latency from the close call (t0) to the successor's elected callback (t1), and the
 * server's {@code zk_packets_received} over the window, split into requests and pings with the
 * clients' xids ({@link ClientRequests}). A newcomer joins at the back outside the window. Method:
 * docs/benchmarks.md, "One handover".
 */
final class ElectionRun extends HandoverTimes {
  /** What the measured close does. */
  enum CloseMode {
    /** Close the election recipe, then the session: the default. */
    RECIPE_THEN_SESSION,
    /** Close only the election recipe; the session is closed after the measurement window. */
    RECIPE_ONLY;

    String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    static CloseMode parse(String value) {
      return Arrays.stream(values())
          .filter(m -> m.key().equals(value))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "close must be recipe_then_session or recipe_only, was " + value));
    }
  }

  private final Library library;
  private final int size;
  private final String path;
  private final EmbeddedZooKeeper zk;
  private final ZkClient settings;
  private final long handoverTimeoutMs;
  private final CloseMode closeMode;
  private final long mntrCost;
  private final HandoverQueue queue;

  private int nextIndex;
  private int handoversDone;
  private int recorded;
  private long requestsSum;
  private long packetsSum;
  private long pingsSum;
  private long leaderRequestsSum;
  private long successorRequestsSum;
  private int unconfirmedWindows;
  private long windowNanosSum;
  private long successorOpsSum;
  private long strayOps;

  ElectionRun(
      Library library,
      int size,
      String path,
      EmbeddedZooKeeper zk,
      ZkClient settings,
      long handoverTimeoutMs,
      CloseMode closeMode,
      long mntrCost) {
    if (size < 2) {
      throw new IllegalArgumentException("a handover needs at least 2 candidates, got " + size);
    }
    this.library = library;
    this.size = size;
    this.path = path;
    this.zk = zk;
    this.settings = settings;
    this.handoverTimeoutMs = handoverTimeoutMs;
    this.closeMode = closeMode;
    this.mntrCost = mntrCost;
    this.queue =
        new HandoverQueue(
            library.toString(),
            handoverTimeoutMs,
            library == Library.BATON,
            c -> trace(c).operations());
  }

  Library library() {
    return library;
  }

  /** Starts {@code size} candidates one after another; the first one leads. */
  void fill() throws Exception {
    for (int i = 0; i < size; i++) {
      ZkCandidate c = join();
      if (i == 0) {
        Elected e = queue.poll();
        if (e == null || e.who() != c) {
          String instead =
              e == null
                  ? "no elected callback within " + handoverTimeoutMs + " ms"
                  : e.who() + " was";
          throw new BenchmarkFailure(
              "%s: the first candidate %s was not elected (%s)".formatted(library, c, instead));
        }
        queue.first(e);
      }
    }
  }

  private ZkCandidate join() throws Exception {
    String label = library.key() + "-" + size + "-" + nextIndex++;
    ClientTrace trace = new ClientTrace();
    ZkCandidate.Sink sink = queue.sink(trace::operations);
    ZkCandidate c =
        library == Library.FLOOR
            ? new FloorContender(label, path, settings, trace, sink)
            : ZkCandidate.connect(library, label, path, settings, trace, sink);
    c.join();
    if (!queue.candidates().isEmpty()) {
      awaitSettled(c);
    }
    queue.candidates().add(c);
    return c;
  }

  /**
   * Waits until a follower that just joined is idle in the queue: it has completed a watch-setting
   * read (the last step of joining: getData in both libraries, exists in the floor) and then no
   * further operation for {@link HandoverQueue#QUIET_MS}. Whatever it might still send would show
   * up as stray operations of the next handover, which are counted and reported.
   */
  private void awaitSettled(ZkCandidate c) throws InterruptedException {
    if (!trace(c).awaitWatchedReads(1, handoverTimeoutMs)) {
      throw new BenchmarkFailure(
          "%s: candidate %s did not set a watch within %d ms after joining"
              .formatted(library, c, handoverTimeoutMs));
    }
    queue.awaitQuiet(c);
  }

  private static long issued(ZooKeeper handle) {
    return ClientRequests.issued(handle);
  }

  /** One handover, recorded or not (warm-up). */
  void handover(boolean record) throws Exception {
    int number = ++handoversDone;
    if (!queue.pending().isEmpty()) {
      throw new BenchmarkFailure(
          "%s: unexpected elected callback before handover #%d: %s"
              .formatted(library, number, queue.pending().peek().who()));
    }
    List<ZkCandidate> candidates = queue.candidates();
    ZkCandidate leader = candidates.get(0);
    ZkCandidate successor = candidates.get(1);
    ZooKeeper leaderHandle = leader.handle();
    ZooKeeper successorHandle = successor.handle();
    List<ZooKeeper> otherHandles = new ArrayList<>();
    for (ZkCandidate c : candidates.subList(2, candidates.size())) {
      otherHandles.add(c.handle());
    }
    long successorOpsBefore = trace(successor).operations();
    CompletableFuture<Long> recipeClosed = new CompletableFuture<>();
    long leaderIssuedBefore = issued(leaderHandle);
    long successorIssuedBefore = issued(successorHandle);
    long othersIssuedBefore = otherHandles.stream().mapToLong(ElectionRun::issued).sum();

    // ---- measured window: from before the first mntr read to after the second one ----
    long windowStart = System.nanoTime();
    long packetsBefore = zk.packetsReceived();
    Future<long[]> closing =
        queue.closeLeader(
            closeMode == CloseMode.RECIPE_THEN_SESSION,
            () -> recipeClosed.complete(System.nanoTime()));
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(handoverTimeoutMs);
    Elected e = queue.awaitElected(number, closing);
    // The window ends once everything the close sends has reached the server: with the session,
    // when the server has answered closeSession (the handle is no longer alive); without it, when
    // the recipe's close has returned (Baton's delete is synchronous; Curator's background delete
    // was sent before the successor could see its watch fire).
    if (closeMode == CloseMode.RECIPE_THEN_SESSION) {
      while (leaderHandle.getState().isAlive()) {
        if (System.nanoTime() > deadline) {
          throw new BenchmarkFailure(
              "%s: handover #%d: the session of %s was not closed within %d ms%s"
                  .formatted(
                      library,
                      number,
                      leader,
                      handoverTimeoutMs,
                      HandoverQueue.failureOf(closing)));
        }
        LockSupport.parkNanos(50_000);
      }
    } else {
      recipeClosed.get(handoverTimeoutMs, TimeUnit.MILLISECONDS);
    }
    long packetsAfter = zk.packetsReceived();
    long windowEnd = System.nanoTime();
    // ---- end of the measured window ----
    // All the leader's requests of the window are issued by now (closeSession answered, or, with
    // close=recipe_only, the recipe closed and the session not yet closing).
    long leaderIssued = issued(leaderHandle) - leaderIssuedBefore;
    long successorIssued = issued(successorHandle) - successorIssuedBefore;
    long othersIssued =
        otherHandles.stream().mapToLong(ElectionRun::issued).sum() - othersIssuedBefore;

    queue.promote(number, e);
    join(); // the replacement, outside the window, while ZooKeeper's close finishes its threads
    long[] closeTimes = queue.closed(number, closing);
    if (closeMode == CloseMode.RECIPE_ONLY) {
      leader.closeSession();
    }
    long latency = queue.latency(number, e, closeTimes);

    if (record) {
      recorded++;
      recordHandover(latency, closeTimes[1] - closeTimes[0]);
      long serverCounted = packetsAfter - packetsBefore - mntrCost;
      packetsSum += serverCounted;
      if (ClientRequests.available()) {
        long clientIssued = leaderIssued + successorIssued + othersIssued;
        // Packets the server counted that no client issued as a request are pings (a client that
        // received nothing for 10 s pings as soon as it next sends). A negative difference would
        // mean a request still on its way to the server at the second read.
        long pings = serverCounted - clientIssued;
        if (pings < 0) {
          unconfirmedWindows++;
        }
        pingsSum += Math.max(0, pings);
        requestsSum += Math.min(serverCounted, clientIssued);
        leaderRequestsSum += leaderIssued;
        successorRequestsSum += successorIssued;
      } else {
        requestsSum += serverCounted;
      }
      windowNanosSum += windowEnd - windowStart;
      successorOpsSum += e.operationsAtCallback() - successorOpsBefore;
      strayOps += othersIssued;
    }
  }

  /** Closes every candidate ({@link ZkCandidate#closeAll}). */
  void close() {
    queue.close();
  }

  /** The trace every candidate of this run was connected with. */
  private static ClientTrace trace(ZkCandidate c) {
    return (ClientTrace) c.tracer();
  }

  /** The session timeout the server granted the current leader's session. */
  int negotiatedSessionTimeoutMs() throws Exception {
    return queue.candidates().get(0).handle().getSessionTimeout();
  }

  /** {@code sum} per recorded handover; NaN without one. */
  private double perHandover(double sum) {
    return recorded == 0 ? Double.NaN : sum / recorded;
  }

  /** As {@link #perHandover}, NaN too if the client counters are unavailable. */
  private double perHandoverFromClients(long sum) {
    return ClientRequests.available() ? perHandover(sum) : Double.NaN;
  }

  double requestsPerHandover() {
    return perHandover(requestsSum);
  }

  /** Everything the server counted in the windows (minus the mntr read), per handover. */
  double packetsPerHandover() {
    return perHandover(packetsSum);
  }

  /** Pings among those packets, per handover. */
  double pingsPerHandover() {
    return perHandoverFromClients(pingsSum);
  }

  double leaderRequestsPerHandover() {
    return perHandoverFromClients(leaderRequestsSum);
  }

  double successorRequestsPerHandover() {
    return perHandoverFromClients(successorRequestsSum);
  }

  /** Windows where the clients issued more requests than the server had counted (should be 0). */
  int unconfirmedWindows() {
    return unconfirmedWindows;
  }

  double meanWindowMs() {
    return perHandover(windowNanosSum / 1e6);
  }

  double successorOpsPerHandover() {
    return perHandover(successorOpsSum);
  }

  /**
   * Requests issued inside measurement windows by candidates other than the leader and its
   * successor (should be 0: the queue is idle apart from the handover).
   */
  long strayOps() {
    return strayOps;
  }
}
