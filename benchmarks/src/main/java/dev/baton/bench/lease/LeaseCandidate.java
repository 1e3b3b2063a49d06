// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.contender.Candidate;
import dev.baton.fencing.FencingToken;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One candidate of one system of the lease scenario, and the bookkeeping the three share (when it
 * was elected, whether it leads); each has a {@link CountingDataSource} of its own.
 */
abstract class LeaseCandidate extends Candidate {
  protected final LeaseSetup setup;
  protected final LeaseSystem system;
  protected final String election;
  private final CountingDataSource dataSource;
  private final AtomicLong electedAt = new AtomicLong();
  private final CountDownLatch elected = new CountDownLatch(1);
  private volatile boolean leader;

  LeaseCandidate(
      LeaseSetup setup,
      LeaseSystem system,
      String election,
      String id,
      CountingDataSource dataSource,
      Sink sink) {
    super(id, sink);
    this.setup = setup;
    this.system = system;
    this.election = election;
    this.dataSource = dataSource;
  }

  @Override
  public abstract void join(); // without a checked exception

  /**
   * Leaves gracefully, as an application shutting down would: Baton closes its election (releasing
   * the row, which notifies the followers), ShedLock unlocks, Spring's initiator stops (deleting
   * its lock row). The candidate's data source stays open. Idempotent.
   */
  abstract void leave();

  /** {@linkplain #leave Leaves}, then closes the candidate's data source. Idempotent. */
  @Override
  public final void close() {
    try {
      leave();
    } finally {
      dataSource.close();
    }
  }

  /**
   * Writes {@code label} to the system's data table as its leader: Baton through its {@code
   * SqlFence} with the token of the last term it was elected in, whether or not that term is still
   * active; the others with a plain {@code INSERT}, since they have no token.
   *
   * @return accepted, or rejected by the fence (with its exception)
   * @throws IllegalStateException if the write failed otherwise (the database, not a fence)
   */
  abstract WriteResult write(String label);

  /** What became of a write. */
  record WriteResult(boolean accepted, String detail) {
    static WriteResult acceptedWrite() {
      return new WriteResult(true, "accepted");
    }
  }

  /** The candidate's own data source, with its counters. */
  final CountingDataSource dataSource() {
    return dataSource;
  }

  /**
   * Whether the candidate is settled as a follower: on Baton with PostgreSQL, its {@code LISTEN}
   * connection is listening; the others have nothing to wait for.
   */
  boolean ready() {
    return true;
  }

  @Override
  public final boolean isLeader() {
    return leader;
  }

  @Override
  public Optional<FencingToken> token() {
    return Optional.empty();
  }

  /** {@link System#nanoTime()} when it first became leader, 0 if it never did. */
  final long electedAtNanos() {
    return electedAt.get();
  }

  /** Waits until it first becomes leader; false on timeout. */
  final boolean awaitLeader(Duration within) throws InterruptedException {
    return elected.await(within.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Call first thing when the library says this candidate leads. */
  protected final void markElected(Optional<FencingToken> token) {
    long now = System.nanoTime();
    leader = true;
    electedAt.compareAndSet(0, now);
    elected.countDown();
    reportElected(now, token);
  }

  /** Call when the library says this candidate no longer leads. */
  protected final void markRevoked() {
    if (leader) {
      leader = false;
      reportRevoked("NOT_LEADER");
    }
  }

  /** The plain insert of the pause test, on {@code c}. */
  protected final int insert(Connection c, String label) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO " + setup.dataTable(system) + " (writer, label) VALUES (?, ?)")) {
      p.setString(1, id());
      p.setString(2, label);
      return p.executeUpdate();
    }
  }

  /**
   * A plain insert: what a leader without a token can do.
   *
   * @throws IllegalStateException if the database fails (not a rejection: the run must fail)
   */
  protected final WriteResult plainWrite(String label) {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(true);
      return insert(c, label) == 1
          ? WriteResult.acceptedWrite()
          : new WriteResult(false, "no row inserted");
    } catch (SQLException e) {
      throw new IllegalStateException(this + " could not write '" + label + "'", e);
    }
  }

  @Override
  public String toString() {
    return system.key() + " candidate " + id();
  }
}
