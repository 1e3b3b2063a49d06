// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/** The candidates of one test on one election path; closes them all at the end. */
final class Candidates implements AutoCloseable {
  private static final AtomicInteger PATHS = new AtomicInteger();

  final TermRecorder recorder = new TermRecorder();
  final String path;
  private final String connectString;
  private final Duration sessionTimeout;
  private final List<TestCandidate> all = new ArrayList<>();
  private int next;

  Candidates(String connectString, Duration sessionTimeout) {
    this.connectString = connectString;
    this.sessionTimeout = sessionTimeout;
    this.path = "/baton-test/election-" + PATHS.incrementAndGet();
  }

  TestCandidate add() {
    return add(UnaryOperator.identity());
  }

  TestCandidate add(UnaryOperator<ElectionConfig.Builder> tweak) {
    return add(connectString, tweak);
  }

  synchronized TestCandidate add(String via, UnaryOperator<ElectionConfig.Builder> tweak) {
    TestCandidate c = new TestCandidate("c" + next++, via, path, sessionTimeout, recorder, tweak);
    all.add(c);
    return c.start();
  }

  /** Adds one candidate and waits until it is in the queue. */
  TestCandidate join() {
    TestCandidate c = add();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                c.election().participants().stream()
                    .anyMatch(p -> p.participantId().equals(c.id())));
    return c;
  }

  synchronized List<TestCandidate> live() {
    return all.stream().filter(c -> c.election().state() == LeaderElection.State.STARTED).toList();
  }

  List<TestCandidate> leaders() {
    return live().stream().filter(c -> c.election().isLeader()).toList();
  }

  /** Waits until exactly one live candidate leads and ZooKeeper agrees; returns it. */
  TestCandidate awaitSingleLeader(Duration within) {
    await()
        .atMost(within)
        .until(
            () -> {
              List<TestCandidate> leaders = leaders();
              if (leaders.size() != 1) {
                return false;
              }
              Optional<LeaderInfo> zk = leaders.get(0).election().currentLeader();
              return zk.isPresent()
                  && zk.get().participantId().equals(leaders.get(0).id())
                  && leaders
                      .get(0)
                      .election()
                      .leadership()
                      .map(Leadership::token)
                      .equals(zk.map(LeaderInfo::token));
            });
    return leaders().get(0);
  }

  @Override
  public synchronized void close() {
    for (TestCandidate c : all) {
      c.close();
    }
  }
}
