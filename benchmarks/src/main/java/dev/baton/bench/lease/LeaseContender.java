// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import java.time.Duration;

/**
 * One candidate of one system, behind the same small interface for the three: start it, ask whether
 * it leads, stop it gracefully, write "as leader". Each candidate has a {@link CountingDataSource}
 * of its own and no pool (a new connection per use, for all three).
 */
interface LeaseContender {
  /**
   * The candidate's id (Baton's participant id, ShedLock's {@code locked_by}, Spring's role id).
   */
  String id();

  /** The candidate's own data source, with its counters. */
  CountingDataSource dataSource();

  /** Enters the election; returns at once. */
  void start();

  /**
   * Whether the candidate is settled as a follower: on Baton with PostgreSQL, its {@code LISTEN}
   * connection is listening; the others have nothing to wait for.
   */
  boolean ready();

  /** Whether it leads now, by its library's own account (the last callback or lock result). */
  boolean isLeader();

  /** {@link System#nanoTime()} when it first became leader, 0 if it never did. */
  long electedAtNanos();

  /** Waits until it first becomes leader; false on timeout. */
  boolean awaitLeader(Duration within) throws InterruptedException;

  /**
   * Leaves gracefully, as an application shutting down would: Baton closes its election (releasing
   * the row, which notifies the followers), ShedLock unlocks, Spring's initiator stops (deleting
   * its lock row). Idempotent.
   */
  void stop();

  /**
   * Writes {@code label} to the system's data table as its leader: Baton through its {@code
   * SqlFence} with the token of the last term it was elected in, whether or not that term is still
   * active; the others with a plain {@code INSERT}, since they have no token.
   *
   * @return accepted, or rejected by the fence (with its exception)
   * @throws IllegalStateException if the write failed otherwise (the database, not a fence)
   */
  WriteResult write(String label);

  /** What became of a write. */
  record WriteResult(boolean accepted, String detail) {
    static WriteResult acceptedWrite() {
      return new WriteResult(true, "accepted");
    }
  }
}
