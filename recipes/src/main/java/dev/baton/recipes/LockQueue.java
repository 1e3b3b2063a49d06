// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.HoldSeat;
import dev.baton.recipes.spi.Liveness;
import dev.baton.recipes.spi.Subscription;
import dev.baton.recipes.spi.TermHandle;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.apache.curator.utils.ZKPaths;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A lock's seat in ZooKeeper's queue ({@link BatonSession#lockSeat}). A hold ends the moment the
 * link is suspended, the session lost or (watched) its entry deleted; it begins only if the link
 * did not change since the queue was read; a release deletes its own entry and waits (bounded) for
 * the answer, which tells whether the hold was still valid.
 */
final class LockQueue<H extends TermHandle> implements HoldSeat<H> {
  private static final Logger log = LoggerFactory.getLogger(LockQueue.class);

  /** Publishes the hold if still in the queue's epoch, else null; throws if the lock is closed. */
  interface Publisher<H> {
    @Nullable H publish(long epoch, long token, String nodePath);
  }

  private final QueueStore store;
  private final Liveness liveness;
  private final Duration closeTimeout;
  private final String ownerId;
  private final boolean watchHeldNode;
  private final Holds<H> holds;
  private final Subscription subscription;

  /** The attempt in progress, told of link changes; written by the thread taking the hold. */
  private volatile @Nullable LockAttempt<H> attempt;

  private final Object holdLock = new Object();
  private volatile @Nullable H hold; // written under holdLock; set while held
  private final QueueGrant grant = new QueueGrant(); // under holdLock

  /** Set by {@link #close} under holdLock: no hold begins after it (nothing would end it). */
  private boolean closed;

  LockQueue(
      BatonSession session, String path, String ownerId, boolean watchHeldNode, Holds<H> holds) {
    this.liveness = session.liveness();
    this.store = new ZkQueueStore(session.curator(), liveness, path);
    this.closeTimeout = session.closeTimeout();
    this.ownerId = ownerId;
    this.watchHeldNode = watchHeldNode;
    this.holds = holds;
    this.subscription = liveness.subscribe(this::onEpoch);
  }

  /**
   * @throws IllegalStateException if the lock is closed before or during the attempt
   */
  @Override
  public Optional<H> take(long deadline) throws InterruptedException {
    synchronized (holdLock) {
      refuseIfClosed();
    }
    LockAttempt<H> a =
        new LockAttempt<>(store, ownerId, watchHeldNode, this::publish, this::nodeChanged);
    attempt = a; // before the attempt reads the epoch: no link change falls in between
    try {
      return a.run(deadline);
    } finally {
      attempt = null;
    }
  }

  @Override
  public @Nullable H current() {
    return hold;
  }

  @Override
  public boolean release() {
    H h;
    String node;
    synchronized (holdLock) {
      h = Objects.requireNonNull(hold, "the hold of the thread that holds the lock");
      node = Objects.requireNonNull(grant.node(), "a hold has an entry");
      hold = null;
    }
    String name = ZKPaths.getNodeFromPath(node);
    if (h.revoke(RevocationReason.RESIGNED)) { // before the delete is sent
      return deleteConfirmed(h, name);
    }
    // The background delete fails only on a closed client, whose session took the entry along.
    try {
      store.deleteInBackground(name);
    } catch (RuntimeException e) {
      log.warn(
          "{}: could not send the delete of {} ({}): it goes with the session", who(h), node, e);
    }
    log.debug(
        "{} released after the hold had ended: {}", who(h), h.revocationReason().orElse(null));
    return false;
  }

  @Override
  public void close(boolean heldByCaller) {
    synchronized (holdLock) {
      closed = true; // before the subscription ends: a hold that begins before this is revoked here
    }
    subscription.close();
    if (heldByCaller) {
      return;
    }
    synchronized (holdLock) {
      H h = hold;
      if (h != null && h.revoke(RevocationReason.CLOSED)) {
        log.warn(
            "closing {} while another thread holds it: that hold ends now; its znode is deleted"
                + " when that thread releases it, or goes with the session",
            who(h));
      }
    }
  }

  /** Deletes the hold's entry within the close timeout: true only if the ensemble confirmed it. */
  private boolean deleteConfirmed(H h, String name) {
    // Cleanup: a pending interrupt (a cancelled task releasing) must not cut the wait; restored.
    boolean interrupted = Thread.interrupted();
    try {
      Deletion d = store.deleteWithin(name, closeTimeout);
      if (d == Deletion.DELETED) {
        return true;
      }
      if (d == Deletion.GONE) {
        holds.lost();
        log.warn(
            "{} released, but its znode was already gone: the lock was lost while held (the"
                + " session expired, or someone deleted the znode); release() returns false",
            who(h));
      } else {
        log.warn(
            "{} released without the ensemble's confirmation ({}, closeTimeout {} ms): release()"
                + " returns false; the znode is deleted in the background if the link comes back,"
                + " or goes with the session",
            who(h),
            d == Deletion.NO_ANSWER ? "no answer in time" : "the request failed",
            closeTimeout.toMillis());
      }
      return false;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Publishes a hold unless the epoch changed since the read or its entry's watch fired. */
  private @Nullable H publish(long epoch, long token, String nodePath) {
    synchronized (holdLock) {
      refuseIfClosed();
      if (!grant.admit(epoch, liveness.current(), nodePath)) {
        return null;
      }
      H h = holds.begin(FencingToken.of(store.path(), token), nodePath);
      hold = h;
      return h;
    }
  }

  /**
   * On the session's event thread: a suspended or lost link ends the hold at once (a lock never
   * pauses) unless the epoch predates the grant; an attempt in progress hears of every change.
   */
  private void onEpoch(ConnectionEpoch epoch) {
    LockAttempt<H> inProgress = attempt;
    if (inProgress != null) {
      inProgress.linkChanged(epoch);
    }
    synchronized (holdLock) {
      // An older epoch's event, delivered late, says nothing of a newer grant.
      if (hold == null || grant.predates(epoch)) {
        return;
      }
      if (grant.outlivedBy(epoch)) {
        end(RevocationReason.SESSION_LOST, "connected in another session: " + epoch);
      }
      CandidateMachine.linkReaction(false, epoch)
          .filter(a -> a instanceof CandidateAction.Revoke)
          .ifPresent(a -> end(((CandidateAction.Revoke) a).reason(), epoch.toString()));
    }
  }

  /** On the store's event thread: a watched entry was deleted (or changed) by someone else. */
  private void nodeChanged(String nodePath) {
    synchronized (holdLock) {
      if (grant.watchFired(nodePath) && hold != null) {
        end(RevocationReason.NODE_DELETED, "its znode " + nodePath + " was deleted");
      }
    }
  }

  private void end(RevocationReason reason, String why) {
    synchronized (holdLock) {
      H h = hold;
      if (h != null && h.revoke(reason)) {
        log.warn("{}: the hold is no longer valid: {}", who(h), why);
        if (reason != RevocationReason.CONNECTION_SUSPENDED) {
          holds.lost();
        }
      }
    }
  }

  /** Under holdLock. */
  private void refuseIfClosed() {
    if (closed) {
      throw new IllegalStateException("the lock " + store.path() + " is closed");
    }
  }

  private String who(H h) {
    return ownerId + " on " + store.path() + " (token " + h.token() + ")";
  }
}
