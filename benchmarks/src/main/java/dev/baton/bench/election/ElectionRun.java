// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.HandoverTimes;
import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import dev.baton.fencing.FencingToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.zookeeper.ZooKeeper;

/**
 * One library's election with a constant number of candidates on a fresh path, and its
 * measurements.
 *
 * <p>A handover (see {@link #handover}): read {@code zk_packets_received}; on a closer thread take
 * t0 and close the leader (recipe, then session); wait for the next candidate's elected callback
 * (t1 is taken first thing in the callback) and for the server to have answered the leader's
 * closeSession; read {@code zk_packets_received} again. The latency is t1 - t0. The packets are the
 * difference of the two reads minus the one packet the second {@code mntr} read itself counts: the
 * leader's close (its recipe's requests, closeSession), the successor's requests, and any ping that
 * happens to fall inside the window. The requests are those packets minus the pings, which are told
 * apart with the clients' request counters ({@link ClientRequests}). Then, outside the window, a
 * new candidate joins at the back and the run waits until it has completed its watch-setting read
 * (it is then idle in the queue) before the next handover.
 */
final class ElectionRun extends HandoverTimes {
  /**
   * An elected callback: who, when ({@link System#nanoTime()} taken first thing in the callback),
   * and the candidate's operation count at that moment.
   */
  record Elected(
      Candidate who, long nanos, Optional<FencingToken> token, long operationsAtCallback) {}

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
      for (CloseMode m : values()) {
        if (m.key().equals(value)) {
          return m;
        }
      }
      throw new IllegalArgumentException(
          "close must be recipe_then_session or recipe_only, was " + value);
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
  private final ExecutorService closer = Executors.newSingleThreadExecutor(daemon("closer"));
  private final List<ZkCandidate> queue = new ArrayList<>();
  private final LinkedBlockingQueue<Elected> events = new LinkedBlockingQueue<>();

  /** How long a newcomer must stay silent to count as settled. */
  private static final long QUIET_MS = 10;

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
  private FencingToken lastToken;

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
  }

  Library library() {
    return library;
  }

  /** Starts {@code size} candidates one after another; the first one leads. */
  void fill() throws Exception {
    for (int i = 0; i < size; i++) {
      ZkCandidate c = join();
      if (i == 0) {
        Elected e = events.poll(handoverTimeoutMs, TimeUnit.MILLISECONDS);
        if (e == null || e.who() != c) {
          throw new BenchmarkFailure(
              library
                  + ": the first candidate "
                  + c
                  + " was not elected ("
                  + (e == null
                      ? "no elected callback within " + handoverTimeoutMs + " ms"
                      : e.who() + " was")
                  + ")");
        }
        lastToken = e.token().orElse(null);
      }
    }
  }

  private ZkCandidate join() throws Exception {
    String label = library.key() + "-" + size + "-" + nextIndex++;
    ClientTrace trace = new ClientTrace(label);
    ZkCandidate.Sink sink =
        (who, nanos, token) -> events.add(new Elected(who, nanos, token, trace.operations()));
    ZkCandidate c =
        library == Library.FLOOR
            ? new FloorContender(label, path, settings, trace, sink)
            : ZkCandidate.connect(library, label, path, settings, trace, sink);
    c.join();
    if (!queue.isEmpty()) {
      awaitSettled(c);
    }
    queue.add(c);
    return c;
  }

  /**
   * Waits until a follower that just joined is idle in the queue: it has completed a watch-setting
   * read (the last step of joining: getData in both libraries, exists in the floor) and then no
   * further operation for {@link #QUIET_MS}. Whatever it might still send would show up as stray
   * operations of the next handover, which are counted and reported.
   */
  private void awaitSettled(ZkCandidate c) throws InterruptedException {
    if (!trace(c).awaitWatchedReads(1, handoverTimeoutMs)) {
      throw new BenchmarkFailure(
          library
              + ": candidate "
              + c
              + " did not set a watch within "
              + handoverTimeoutMs
              + " ms after joining");
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(handoverTimeoutMs);
    long ops = trace(c).operations();
    while (true) {
      Thread.sleep(QUIET_MS);
      long now = trace(c).operations();
      if (now == ops) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new BenchmarkFailure(
            library
                + ": candidate "
                + c
                + " kept sending requests for "
                + handoverTimeoutMs
                + " ms after joining");
      }
      ops = now;
    }
  }

  private static long issued(ZooKeeper handle) {
    return ClientRequests.issued(handle);
  }

  /** One handover, recorded or not (warm-up). */
  void handover(boolean record) throws Exception {
    int number = ++handoversDone;
    if (!events.isEmpty()) {
      throw new BenchmarkFailure(
          library
              + ": unexpected elected callback before handover #"
              + number
              + ": "
              + events.peek().who());
    }
    ZkCandidate leader = queue.get(0);
    ZkCandidate successor = queue.get(1);
    ZooKeeper leaderHandle = leader.handle();
    ZooKeeper successorHandle = successor.handle();
    List<ZooKeeper> otherHandles = new ArrayList<>();
    for (ZkCandidate c : queue.subList(2, queue.size())) {
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
        closer.submit(
            () -> {
              long t0 = System.nanoTime();
              try {
                leader.closeRecipe();
                recipeClosed.complete(System.nanoTime());
                if (closeMode == CloseMode.RECIPE_THEN_SESSION) {
                  leader.closeSession();
                }
              } catch (Exception | Error e) {
                recipeClosed.completeExceptionally(e);
                throw e;
              }
              return new long[] {t0, System.nanoTime()};
            });
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(handoverTimeoutMs);
    Elected e = events.poll(handoverTimeoutMs, TimeUnit.MILLISECONDS);
    if (e == null) {
      throw new BenchmarkFailure(
          library
              + ": handover #"
              + number
              + ": no candidate was elected within "
              + handoverTimeoutMs
              + " ms after closing "
              + leader
              + failureOf(closing));
    }
    // The window ends once everything the close sends has reached the server: with the session,
    // when
    // the server has answered closeSession (the handle is no longer alive); without it, when the
    // recipe's close has returned (Baton's delete is synchronous; Curator's background delete was
    // sent
    // before the successor could see its watch fire).
    if (closeMode == CloseMode.RECIPE_THEN_SESSION) {
      while (leaderHandle.getState().isAlive()) {
        if (System.nanoTime() > deadline) {
          throw new BenchmarkFailure(
              library
                  + ": handover #"
                  + number
                  + ": the session of "
                  + leader
                  + " was not closed within "
                  + handoverTimeoutMs
                  + " ms"
                  + failureOf(closing));
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

    if (e.who() != successor) {
      throw new BenchmarkFailure(
          library
              + ": handover #"
              + number
              + ": "
              + e.who()
              + " was elected, expected the next in the queue, "
              + successor);
    }
    queue.remove(0);
    checkSingleLeader(number, leader, e);
    join(); // the replacement, outside the window, while ZooKeeper's close finishes its threads
    long[] closeTimes;
    try {
      closeTimes = closing.get(handoverTimeoutMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException failed) {
      throw new BenchmarkFailure(
          library
              + ": handover #"
              + number
              + ": closing "
              + leader
              + " failed: "
              + failed.getCause());
    }
    if (closeMode == CloseMode.RECIPE_ONLY) {
      leader.closeSession();
    }
    long t0 = closeTimes[0];
    if (e.nanos() < t0) {
      throw new BenchmarkFailure(
          library + ": handover #" + number + ": elected before the close started");
    }

    if (record) {
      recorded++;
      recordHandover(e.nanos() - t0, closeTimes[1] - t0);
      long serverCounted = packetsAfter - packetsBefore - mntrCost;
      packetsSum += serverCounted;
      if (ClientRequests.available()) {
        long clientIssued = leaderIssued + successorIssued + othersIssued;
        // Packets the server counted that no client issued as a request are pings (a client that
        // received nothing for 10 s pings as soon as it next sends). A negative difference would
        // mean
        // a request still on its way to the server at the second read.
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

  private static String failureOf(Future<?> closing) {
    if (!closing.isDone()) {
      return "";
    }
    try {
      closing.get();
      return "";
    } catch (ExecutionException
        | InterruptedException
        | java.util.concurrent.CancellationException x) {
      return " (closing failed: " + (x.getCause() == null ? x : x.getCause()) + ")";
    }
  }

  /**
   * After a handover exactly one live candidate reports leadership, the one that got the callback;
   * for Baton its token is the one of the callback and strictly greater than the previous leader's.
   */
  private void checkSingleLeader(int number, ZkCandidate closedLeader, Elected e) {
    if (closedLeader.isLeader()) {
      throw new BenchmarkFailure(
          library
              + ": handover #"
              + number
              + ": the closed leader "
              + closedLeader
              + " still reports isLeader()");
    }
    List<ZkCandidate> leaders =
        queue.stream().filter(ZkCandidate::isLeader).collect(Collectors.toList());
    if (leaders.size() != 1 || leaders.get(0) != e.who()) {
      throw new BenchmarkFailure(
          library
              + ": handover #"
              + number
              + ": expected exactly one candidate ("
              + e.who()
              + ") to report isLeader(), but these do: "
              + leaders);
    }
    if (library == Library.BATON) {
      Optional<FencingToken> token = e.who().token();
      if (token.isEmpty() || !token.equals(e.token())) {
        throw new BenchmarkFailure(
            library
                + ": handover #"
                + number
                + ": leader "
                + e.who()
                + " reports token "
                + token
                + " but was elected with "
                + e.token());
      }
      if (lastToken != null && !token.get().isNewerThan(lastToken)) {
        throw new BenchmarkFailure(
            library
                + ": handover #"
                + number
                + ": token "
                + token.get()
                + " of the new leader "
                + e.who()
                + " is not greater than the previous leader's "
                + lastToken);
      }
      lastToken = token.get();
    }
  }

  /** Closes every candidate ({@link ZkCandidate#closeAll}). */
  void close() {
    try {
      ZkCandidate.closeAll(queue, handoverTimeoutMs);
    } finally {
      closer.shutdownNow();
      queue.clear();
    }
  }

  /** The trace every candidate of this run was connected with. */
  private static ClientTrace trace(ZkCandidate c) {
    return (ClientTrace) c.tracer();
  }

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, "bench-" + name);
      t.setDaemon(true);
      return t;
    };
  }

  /** The session timeout the server granted the current leader's session. */
  int negotiatedSessionTimeoutMs() throws Exception {
    return queue.get(0).handle().getSessionTimeout();
  }

  int recorded() {
    return recorded;
  }

  double requestsPerHandover() {
    return recorded == 0 ? Double.NaN : (double) requestsSum / recorded;
  }

  /** Everything the server counted in the windows (minus the mntr read), per handover. */
  double packetsPerHandover() {
    return recorded == 0 ? Double.NaN : (double) packetsSum / recorded;
  }

  /** Pings among those packets, per handover (NaN if the client counters are unavailable). */
  double pingsPerHandover() {
    return recorded == 0 || !ClientRequests.available() ? Double.NaN : (double) pingsSum / recorded;
  }

  double leaderRequestsPerHandover() {
    return recorded == 0 || !ClientRequests.available()
        ? Double.NaN
        : (double) leaderRequestsSum / recorded;
  }

  double successorRequestsPerHandover() {
    return recorded == 0 || !ClientRequests.available()
        ? Double.NaN
        : (double) successorRequestsSum / recorded;
  }

  /** Windows where the clients issued more requests than the server had counted (should be 0). */
  int unconfirmedWindows() {
    return unconfirmedWindows;
  }

  double meanWindowMs() {
    return recorded == 0 ? Double.NaN : windowNanosSum / 1e6 / recorded;
  }

  double successorOpsPerHandover() {
    return recorded == 0 ? Double.NaN : (double) successorOpsSum / recorded;
  }

  /**
   * Requests issued inside measurement windows by candidates other than the leader and its
   * successor (should be 0: the queue is idle apart from the handover).
   */
  long strayOps() {
    return strayOps;
  }
}
