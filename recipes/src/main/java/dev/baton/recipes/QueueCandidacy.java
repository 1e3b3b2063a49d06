// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.Liveness;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A candidate in ZooKeeper's queue: the {@link CandidateMachine} decides, the {@link CandidateIo}
 * applies, and this makes terms for the {@link Candidacy.Listener}, checking a grant ({@link
 * QueueGrant}) inside its {@code granted}, under the lock with which it hears of ends and pauses.
 */
final class QueueCandidacy implements Candidacy {
  private final Contest contest;
  private final Liveness liveness;
  private final Candidacy.Listener listener;
  private final QueueMeters meters;
  private final CandidateIo io;
  private final Object lock = new Object(); // guards the fields below
  private final QueueGrant grant = new QueueGrant();
  private @Nullable FencingToken grantedToken; // of the last grant

  private QueueCandidacy(QueueStore store, Contest contest, Candidacy.Listener listener) {
    this.contest = contest;
    this.liveness = store.liveness();
    this.listener = listener;
    this.meters = new QueueMeters(contest.meters(), contest.name(), contest.participantId());
    this.io = new CandidateIo(store, contest, this, meters);
  }

  public static QueueCandidacy join(
      QueueStore store, Contest contest, Candidacy.Listener listener) {
    QueueCandidacy c = new QueueCandidacy(store, contest, listener);
    c.io.start();
    return c;
  }

  Contest contest() {
    return contest;
  }

  /**
   * Grants the term of {@code nodePath} unless the epoch changed or its watch fired; true if a term
   * of {@code token} is current after the call (begun, resumed, or held from before).
   */
  boolean lead(long epoch, FencingToken token, String nodePath, Duration waited) {
    return listener.granted(
        token,
        nodePath,
        waited,
        () -> {
          ConnectionEpoch now = liveness.current(); // read once: number and session go together
          synchronized (lock) {
            if (!grant.admit(epoch, now, nodePath)) {
              return false;
            }
            grantedToken = token;
            return true;
          }
        });
  }

  /** Pauses the current term (the connection is suspended under the session policy). */
  void pause() {
    listener.suspended();
  }

  void revoke(RevocationReason reason) {
    listener.ended(null, reason);
  }

  /** Connected in {@code epoch}'s session: a term of another session ends now, off the loop. */
  void connectedIn(ConnectionEpoch epoch) {
    FencingToken ended;
    synchronized (lock) {
      ended = grant.outlivedBy(epoch) ? grantedToken : null;
    }
    endIfAny(ended, RevocationReason.SESSION_LOST);
  }

  /** The watch of {@code nodePath} fired: its term, if current, ends now (on the event thread). */
  void nodeChanged(String nodePath) {
    FencingToken ended;
    synchronized (lock) {
      ended = grant.watchFired(nodePath) ? grantedToken : null;
    }
    endIfAny(ended, RevocationReason.NODE_DELETED);
  }

  /** Ends the term of {@code token}, if any, outside the lock. */
  private void endIfAny(@Nullable FencingToken token, RevocationReason reason) {
    if (token != null) {
      listener.ended(token, reason);
    }
  }

  /** A loop of this candidate died of {@code e}: the term ends and the candidate withdraws. */
  void fail(VirtualMachineError e) {
    listener.failed(e);
    io.withdraw();
  }

  @Override
  public void resign() {
    io.resign(null, RevocationReason.RESIGNED);
  }

  @Override
  public void resign(FencingToken token, RevocationReason reason) {
    io.resign(token.value(), reason);
  }

  @Override
  public void withdraw() {
    io.withdraw();
  }

  /** Deletes the entry; true only if this call's delete of the last granted entry was confirmed. */
  @Override
  public boolean leave(long start, long drainDeadline) {
    long closeWait = atMostADay(liveness.closeWait());
    long bound = Math.max(drainDeadline, start + closeWait);
    long deadline = System.nanoTime() + closeWait;
    String deleted = io.close(Math.min(bound, deadline), bound - deadline < 0);
    meters.close();
    synchronized (lock) {
      return deleted != null && deleted.equals(grant.node());
    }
  }

  @Override
  public boolean isConnected() {
    return liveness.current().isConnected();
  }

  @Override
  public long failures() {
    return io.failures();
  }

  /** In nanoseconds, at most a day: a longer wait is no bound, and nanoTime sums must not wrap. */
  private static long atMostADay(Duration d) {
    return d.compareTo(Duration.ofDays(1)) > 0 ? TimeUnit.DAYS.toNanos(1) : d.toNanos();
  }
}
