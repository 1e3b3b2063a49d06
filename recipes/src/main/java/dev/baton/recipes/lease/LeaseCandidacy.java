// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A candidate for one lease row: the {@link LeaseMachine} decides, the {@link LeaseIo} applies,
 * this turns actions into terms for the {@link Candidacy.Listener}. A timer on its own thread (even
 * while a renewal hangs) and the machine (a late confirmation) both enforce the deadline, kept
 * under this lock, held while the listener hears of a grant or expiry, so they never cross.
 */
final class LeaseCandidacy implements Candidacy {
  private final String name;
  private final String description;
  private final Candidacy.Listener listener;
  private final LeaseIo io;
  private final Object lock = new Object(); // guards the term and the deadline
  private long term; // the token of the last term granted, 0 before; under lock
  private long deadline; // of that term, monotonic nanoseconds; under lock
  private boolean left; // under this

  private LeaseCandidacy(
      JdbcLeaseStore store,
      @Nullable Wakeups wakeups,
      LeaseConfig lease,
      String table,
      Contest contest,
      Candidacy.Listener listener) {
    this.name = contest.name();
    this.description = "lease:" + table + ":" + contest.name();
    this.listener = listener;
    this.io = new LeaseIo(store, wakeups, lease, this, contest.participantId(), contest.describe());
  }

  public static LeaseCandidacy join(
      JdbcLeaseStore store,
      @Nullable Wakeups wakeups,
      LeaseConfig lease,
      Contest contest,
      Candidacy.Listener listener) {
    LeaseCandidacy c = new LeaseCandidacy(store, wakeups, lease, lease.table(), contest, listener);
    c.io.start();
    return c;
  }

  private FencingToken token(long value) {
    return FencingToken.of(name, value);
  }

  /** Begins the term of {@code token}, active until {@code until}; false once closed or failed. */
  boolean begin(long token, long until, Duration waited) {
    synchronized (lock) {
      if (!listener.granted(token(token), description, waited, () -> true)) {
        return false;
      }
      term = token;
      deadline = until;
      return true;
    }
  }

  void extend(long token, long until) {
    synchronized (lock) {
      if (term == token) {
        deadline = until;
      }
    }
  }

  /** The deadline timer: ends the term of {@code token} if its deadline passed by {@code now}. */
  void expireIfDue(long token, long now) {
    boolean ended;
    synchronized (lock) {
      ended =
          term == token
              && now - deadline >= 0
              && listener.ended(token(token), RevocationReason.LEASE_EXPIRED);
    }
    if (ended) {
      io.ended(token);
    }
  }

  /** The machine ended the term of {@code token} for {@code reason}. */
  void end(long token, RevocationReason reason) {
    listener.ended(token(token), reason);
  }

  /** A loop of this candidate died of {@code e}: the term ends and the row is given back. */
  void fail(VirtualMachineError e) {
    listener.failed(e);
    io.withdraw();
  }

  @Override
  public void resign() {
    long t;
    synchronized (lock) {
      t = term;
    }
    if (t != 0) {
      resign(token(t), RevocationReason.RESIGNED);
    }
  }

  @Override
  public void resign(FencingToken token, RevocationReason reason) {
    if (listener.ended(token, reason)) {
      io.ended(token.value());
    }
  }

  @Override
  public void withdraw() {
    io.withdraw();
  }

  /** Releases a held row and stops; a second call waits for the first, then returns false. */
  @Override
  public synchronized boolean leave(long start, long drainDeadline) {
    if (left) {
      return false;
    }
    left = true;
    return io.close(Duration.ofNanos(Math.max(0, drainDeadline - System.nanoTime())));
  }

  /** True while the last statement sent to the database was answered. */
  @Override
  public boolean isConnected() {
    return io.reachable();
  }

  @Override
  public Optional<String> degraded() {
    return io.degraded();
  }

  @Override
  public long failures() {
    return io.failures();
  }
}
