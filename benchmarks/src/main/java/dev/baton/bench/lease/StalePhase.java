// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Candidate.Sink;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The pause test: leader A in a child JVM writes, is stopped with SIGSTOP past its lease while a
 * follower takes over and writes, then gets SIGCONT and writes again at once; whether A's late
 * write was accepted is checked against the data table. A pause that lands inside A's open
 * transaction blocks any takeover, so it is counted, resumed and retried a random part of a poll
 * later. Method: docs/benchmarks.md, "Lease".
 */
record StalePhase(LeaseOptions options, LeaseSetup setup) {
  private static final int MAX_PAUSE_ATTEMPTS = 20;

  /**
   * One round: whether A's late write was accepted, and how many pauses landed in a transaction.
   */
  record Stale(boolean accepted, int pausesInTransaction) {}

  /**
   * Round {@code round} of {@code system}.
   *
   * @throws BenchmarkFailure if a step does not happen as it must, or the table disagrees with A
   */
  Stale round(LeaseSystem system, int round) throws InterruptedException, SQLException {
    String election = "/bench/lease/pause-" + round;
    String tag = "p" + round + "-";
    String what = system.key() + " pause " + round;
    String aId = system.key() + "-pa" + round;
    Duration patience = Duration.ofMillis(options.patienceMs());
    LeaseChild a = LeaseChild.start(system, setup, election, aId);
    LeaseCandidate b = null;
    try {
      a.awaitElected(patience);
      if (!a.write(tag + "a-before", patience).accepted()) {
        throw new BenchmarkFailure(what + ": the leader's write before the pause was rejected");
      }
      b = system.contender(setup, election, system.key() + "-pb" + round, Sink.NONE);
      b.join();
      Waits.settle(b, options);
      if (b.isLeader()) {
        throw new BenchmarkFailure(what + ": " + b + " led before the pause");
      }
      int inTransaction = 0;
      long pausedAt;
      while (true) {
        pausedAt = System.nanoTime();
        a.pause();
        if (!holdsTransaction(aId, what)) {
          break;
        }
        a.resume();
        if (++inTransaction == MAX_PAUSE_ATTEMPTS) {
          throw new BenchmarkFailure(
              what + ": " + inTransaction + " pauses in a row landed in A's transactions");
        }
        Waits.randomly(options.pollMs);
      }
      Waits.leader(b, options, what);
      Waits.until(pausedAt + options.pauseMs() * 1_000_000);
      LeaseCandidate.WriteResult bWrite = b.write(tag + "b");
      if (!bWrite.accepted()) {
        throw new BenchmarkFailure(what + ": the new leader's write was rejected: " + bWrite);
      }
      a.resume();
      LeaseCandidate.WriteResult late = a.write(tag + "a-stale", patience);
      List<String> labels = labels(system, tag);
      boolean present = labels.contains(tag + "a-stale");
      if (present != late.accepted()
          || !labels.contains(tag + "a-before")
          || !labels.contains(tag + "b")) {
        throw new BenchmarkFailure(
            what + ": A says its late write was " + late + ", the table holds " + labels);
      }
      if (system.fenced() && late.accepted()) {
        throw new BenchmarkFailure(what + ": Baton accepted a stale holder's write");
      }
      return new Stale(late.accepted(), inTransaction);
    } finally {
      a.close(); // first: a paused A's open transaction would block B's statements
      if (b != null) {
        b.close();
      }
    }
  }

  /**
   * Whether paused A holds a transaction open: waits (up to 2 s) until none of its sessions runs a
   * statement any more, so that one sent just before the pause has finished at the server.
   */
  private boolean holdsTransaction(String aId, String what)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + 2_000_000_000L;
    while (true) {
      LeaseSetup.Sessions s = setup.sessions(aId);
      if (s.active() == 0) {
        return s.idleInTransaction() > 0;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new BenchmarkFailure(what + ": paused A still runs a statement after 2 s");
      }
      Thread.sleep(5);
    }
  }

  private List<String> labels(LeaseSystem system, String tag) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = setup.plainDataSource().getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "SELECT label FROM " + setup.dataTable(system) + " WHERE label LIKE ?")) {
      p.setString(1, tag + "%");
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }
}
