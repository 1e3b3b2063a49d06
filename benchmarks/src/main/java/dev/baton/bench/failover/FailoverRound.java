// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One failover of one library: a leader in a child JVM ({@link LeaderChildMain}), followers in this
 * JVM; once every follower watches its predecessor the leader is signalled, and what follows is
 * timed from the signal. Method: docs/benchmarks.md, "One failover".
 */
record FailoverRound(
    ElectionProbe probe,
    ZkClient settings,
    int followers,
    long settleMs,
    Duration startTimeout,
    Duration failoverTimeout) {
  /** How the leader is stopped. */
  enum Signal {
    /** SIGKILL: its znode goes when its session expires; no code of interest runs (C1 only). */
    KILL(137, LeaderProcess.FAST_START),
    /** SIGTERM: the leader's shutdown hooks close its election and session. */
    TERM(143, LeaderProcess.JVM_OPTIONS);

    private final int exitCode;
    private final List<String> leaderJvmOptions;

    Signal(int exitCode, List<String> leaderJvmOptions) {
      this.exitCode = exitCode;
      this.leaderJvmOptions = leaderJvmOptions;
    }
  }

  /** A follower's elected callback: who, when ({@link System#nanoTime()} taken first). */
  record Elected(Candidate who, long nanos) {}

  /**
   * One round's times in milliseconds from the signal; {@code revokedMarginMs} is the successor's
   * elected minus the end of the leader's revoked callback (positive: the callback ended first),
   * empty after SIGKILL or if the leader printed no revoked line; {@code setupMs} is the time from
   * the start of the round to the signal (the leader's JVM start, the followers joining and
   * settling); {@code collectionsInShutdown} counts the garbage collections of the leader's JVM
   * from the one it made before the signal ({@link LeaderProcess#collectGarbage}) to the end of its
   * revoked callback, empty after SIGKILL.
   */
  record Result(
      Library library,
      int negotiatedMs,
      double failoverMs,
      double deletedMs,
      double exitMs,
      OptionalDouble hookMs,
      OptionalDouble revokedMarginMs,
      double setupMs,
      OptionalLong collectionsInShutdown) {}

  private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(30);
  private static final long POLL_MS = 10;

  /** Runs one failover of {@code library} on the fresh election {@code path}. */
  Result run(Library library, Signal signal, String path, String tag) throws Exception {
    long begin = System.nanoTime();
    LinkedBlockingQueue<Elected> events = new LinkedBlockingQueue<>();
    List<ZkCandidate> followers = new ArrayList<>();
    try (LeaderProcess leader =
        new LeaderProcess(library, settings(), path, tag + "-leader", signal.leaderJvmOptions)) {
      try {
        for (int i = 0; i < followers(); i++) { // their sessions, while the leader's JVM starts
          followers.add(
              ZkCandidate.connect(
                  library,
                  tag + "-f" + i,
                  path,
                  settings(),
                  null,
                  (who, nanos, token) -> events.add(new Elected(who, nanos))));
        }
        LeaderProcess.Session session = leader.awaitSession(startTimeout());
        leader.awaitElected(startTimeout());
        List<ElectionProbe.Entry> queue = probe().queue(path);
        if (queue.size() != 1 || queue.get(0).owner() != session.id()) {
          throw new BenchmarkFailure(tag + ": the child is elected but the queue is " + queue);
        }
        for (int i = 0; i < followers.size(); i++) {
          followers.get(i).join();
          queue = awaitQueued(path, followers.subList(0, i + 1), tag);
        }
        awaitWatching(path, queue, followers, tag);
        long collections = signal == Signal.TERM ? leader.collectGarbage(startTimeout()) : 0;
        TimeUnit.MILLISECONDS.sleep(settleMs());
        if (!events.isEmpty()) {
          throw new BenchmarkFailure(tag + ": a follower was elected before the signal");
        }
        if (signal == Signal.TERM) {
          leader.checkSharedClock(Duration.ofSeconds(5));
        }
        CompletableFuture<Long> deleted =
            probe().watchDeletion(path + "/" + queue.get(0).name(), queue.get(1).owner());

        long t0 = leader.signal(signal == Signal.KILL);

        Elected first = events.poll(failoverTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (first == null || first.who() != followers.get(0)) {
          throw new BenchmarkFailure(
              tag
                  + ": "
                  + (first == null
                      ? "no follower elected within " + failoverTimeout()
                      : first.who() + " was elected, not the successor " + followers.get(0))
                  + " after SIG"
                  + signal
                  + "; leader: "
                  + leader.lastLines());
        }
        long deletedAt = await(deleted, tag + ": the leader's znode deletion");
        long exitAt = leader.awaitExit(CHECK_TIMEOUT);
        checkOutcome(leader, signal, followers, events, tag);
        return new Result(
            library,
            session.negotiatedMs(),
            ms(t0, first.nanos()),
            ms(t0, deletedAt),
            ms(t0, exitAt),
            leader.nanosOf("HOOK").stream().mapToDouble(h -> ms(t0, h)).findFirst(),
            leader.nanosOf("REVOKED_END").stream()
                .mapToDouble(e -> ms(e, first.nanos()))
                .findFirst(),
            ms(begin, t0),
            leader.valueOf("REVOKED_END", "collections").stream()
                .mapToLong(n -> Long.parseLong(n) - collections)
                .findFirst());
      } finally {
        ZkCandidate.closeAll(followers, CHECK_TIMEOUT.toMillis());
      }
    }
  }

  /**
   * Waits until the queue is the leader, then {@code followers} in join order (by ephemeral owner);
   * returns it.
   */
  private List<ElectionProbe.Entry> awaitQueued(
      String path, List<ZkCandidate> followers, String tag) throws Exception {
    long deadline = System.nanoTime() + CHECK_TIMEOUT.toNanos();
    long session = followers.get(followers.size() - 1).sessionId();
    while (true) {
      List<ElectionProbe.Entry> queue = probe().queue(path);
      if (queue.size() == followers.size() + 1 && queue.get(queue.size() - 1).owner() == session) {
        for (int i = 0; i < followers.size(); i++) {
          if (queue.get(i + 1).owner() != followers.get(i).sessionId()) {
            throw new BenchmarkFailure(tag + ": the queue is not in join order: " + queue);
          }
        }
        return queue;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new BenchmarkFailure(tag + ": the queue never held the new follower: " + queue);
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MS);
    }
  }

  /**
   * Waits until each follower's session watches its predecessor's znode (or the election path
   * itself), on whichever server it is connected to.
   */
  private void awaitWatching(
      String path, List<ElectionProbe.Entry> queue, List<ZkCandidate> followers, String tag)
      throws Exception {
    long deadline = System.nanoTime() + CHECK_TIMEOUT.toNanos();
    while (true) {
      var watches = probe().watchesBySession();
      boolean all = true;
      for (int i = 0; i < followers.size() && all; i++) {
        var paths = watches.getOrDefault(followers.get(i).sessionId(), java.util.Set.of());
        all = paths.contains(path + "/" + queue.get(i).name()) || paths.contains(path);
      }
      if (all) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new BenchmarkFailure(
            tag + ": the followers do not all watch their predecessors: " + watches);
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MS);
    }
  }

  private static void checkOutcome(
      LeaderProcess leader,
      Signal signal,
      List<ZkCandidate> followers,
      LinkedBlockingQueue<Elected> events,
      String tag) {
    if (leader.exitCode() != signal.exitCode) {
      throw new BenchmarkFailure(
          tag + ": the leader exited with " + leader.exitCode() + " after SIG" + signal);
    }
    if (!followers.get(0).isLeader()) {
      throw new BenchmarkFailure(tag + ": the successor got elected but does not lead");
    }
    if (!events.isEmpty() || followers.stream().skip(1).anyMatch(ZkCandidate::isLeader)) {
      throw new BenchmarkFailure(tag + ": another follower was elected as well");
    }
    if (signal == Signal.TERM && leader.valueOf("REVOKED", "reason").isEmpty()) {
      throw new BenchmarkFailure(
          tag + ": the leader's revoked callback did not run: " + leader.lastLines());
    }
  }

  private static long await(CompletableFuture<Long> future, String what)
      throws InterruptedException {
    try {
      return future.get(CHECK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new BenchmarkFailure(what + " was not seen within " + CHECK_TIMEOUT);
    } catch (ExecutionException e) {
      throw new IllegalStateException(what, e);
    }
  }

  private static double ms(long from, long to) {
    return (to - from) / 1e6;
  }
}
