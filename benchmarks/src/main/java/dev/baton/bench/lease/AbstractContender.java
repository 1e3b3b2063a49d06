// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** The bookkeeping the three contenders share: when it was elected, whether it leads, the write. */
abstract class AbstractContender implements LeaseContender {
  protected final LeaseSetup setup;
  protected final LeaseSystem system;
  protected final String election;
  private final String id;
  private final CountingDataSource dataSource;
  private final LeaseEvents events;
  private final AtomicLong electedAt = new AtomicLong();
  private final CountDownLatch elected = new CountDownLatch(1);
  private volatile boolean leader;

  AbstractContender(
      LeaseSetup setup,
      LeaseSystem system,
      String election,
      String id,
      CountingDataSource dataSource,
      LeaseEvents events) {
    this.setup = setup;
    this.system = system;
    this.election = election;
    this.id = id;
    this.dataSource = dataSource;
    this.events = events;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final CountingDataSource dataSource() {
    return dataSource;
  }

  @Override
  public boolean ready() {
    return true;
  }

  @Override
  public final boolean isLeader() {
    return leader;
  }

  @Override
  public final long electedAtNanos() {
    return electedAt.get();
  }

  @Override
  public final boolean awaitLeader(Duration within) throws InterruptedException {
    return elected.await(within.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Call first thing when the library says this candidate leads. */
  protected final void markElected(String term) {
    long now = System.nanoTime();
    leader = true;
    electedAt.compareAndSet(0, now);
    elected.countDown();
    events.elected(now, term);
  }

  /** Call when the library says this candidate no longer leads. */
  protected final void markRevoked() {
    if (leader) {
      leader = false;
      events.revoked(System.nanoTime());
    }
  }

  /** The plain insert of the pause test, on {@code c}. */
  protected final int insert(Connection c, String label) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO " + setup.dataTable(system) + " (writer, label) VALUES (?, ?)")) {
      p.setString(1, id);
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
    return system.key() + " candidate " + id;
  }
}
