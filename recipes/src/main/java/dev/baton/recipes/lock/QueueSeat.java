// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.internal.queue.Deletion;
import dev.baton.recipes.internal.queue.LockQueue;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.Subscription;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link FencedLock}'s seat in ZooKeeper's queue: ephemeral sequential znodes with
 * predecessor-only watches, the attempt on the caller's thread ({@link LockQueue#take}). A hold's
 * signal drops the moment the connection is suspended, the session lost or the lock znode deleted
 * by someone else; a hold is handed out only if the connection did not change since the queue was
 * read; a release deletes only this hold's own znode, by name, and waits (boundedly) for the
 * answer, which tells whether the hold was still valid.
 */
final class QueueSeat implements LockSeat {
  private static final Logger log = LoggerFactory.getLogger(QueueSeat.class);

  private final BatonSession session;
  private final LockQueue queue;
  private final LockConfig config;
  private final LockMeters meters;
  private final FencedLock lock;
  private final Subscription subscription;
  private final Object holdLock = new Object();
  private volatile @Nullable Hold hold; // written under holdLock; set while held

  /** The epoch the hold began in. Under holdLock. */
  private @Nullable ConnectionEpoch holdEpoch;

  /** Lock znodes whose watch fired (deleted or changed): no hold begins on them. Under holdLock. */
  private final Set<String> deadNodes =
      Collections.newSetFromMap(
          new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > 64;
            }
          });

  QueueSeat(BatonSession session, LockConfig config, LockMeters meters, FencedLock lock) {
    this.session = session;
    this.queue = new LockQueue(session.curator(), session.liveness(), config.path());
    this.config = config;
    this.meters = meters;
    this.lock = lock;
    this.subscription = queue.liveness().subscribe(this::onEpoch);
  }

  @Override
  public Optional<Hold> take(long deadline) throws InterruptedException {
    return queue.take(
        deadline, config.ownerId(), config.watchHeldNode(), this::publish, this::nodeChanged);
  }

  @Override
  public @Nullable Hold current() {
    return hold;
  }

  @Override
  public boolean release() {
    Hold h;
    synchronized (holdLock) {
      h = hold;
      hold = null;
    }
    Objects.requireNonNull(h, "the hold of the thread that holds the lock");
    if (h.revoke(RevocationReason.RESIGNED)) { // before the delete is sent
      return deleteConfirmed(h);
    }
    deleteInBackground(h);
    log.debug(
        "{} released {} (token {}) after the hold had ended: {}",
        config.ownerId(),
        config.path(),
        h.token(),
        h.revocationReason().orElse(null));
    return false;
  }

  @Override
  public void close(boolean heldByCaller) {
    subscription.close();
    if (heldByCaller) {
      return;
    }
    synchronized (holdLock) {
      Hold h = hold;
      if (h != null && h.revoke(RevocationReason.CLOSED)) {
        log.warn(
            "closing {} while another thread holds it: that hold (token {}) ends now; its znode is"
                + " deleted when that thread releases it, or goes with the session",
            config.path(),
            h.token());
      }
    }
  }

  /**
   * Deletes the hold's own znode and waits for the answer at most the session's close timeout: true
   * only if the ensemble answered that this delete removed it. What is not confirmed goes on in the
   * background ({@link LockQueue#deleteWithin}), or with the session.
   */
  private boolean deleteConfirmed(Hold h) {
    // A release is cleanup: an interrupt pending before it (a cancelled task that releases in its
    // finally block) must not cut the wait for the answer short. It is restored.
    boolean interrupted = Thread.interrupted();
    try {
      Deletion d = queue.deleteWithin(nameOf(h), session.closeTimeout());
      if (d == Deletion.DELETED) {
        return true;
      }
      if (d == Deletion.GONE) {
        meters.lost();
        log.warn(
            "{} released {} (token {}) but its znode was already gone: the lock was lost while"
                + " held (the session expired, or someone deleted the znode); release() returns"
                + " false",
            config.ownerId(),
            config.path(),
            h.token());
      } else {
        log.warn(
            "{} released {} (token {}) without the ensemble's confirmation ({}, closeTimeout {}"
                + " ms): release() returns false; the znode is deleted in the background if the"
                + " link comes back, or goes with the session",
            config.ownerId(),
            config.path(),
            h.token(),
            d == Deletion.NO_ANSWER ? "no answer in time" : "the request failed",
            session.closeTimeout().toMillis());
      }
      return false;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Sends the delete of a hold that had already ended and returns at once: Curator's guaranteed
   * delete (see {@link LockQueue#deleteInBackground}) sends it now if the link is up, else once it
   * is back, and sends it again after a connection loss until the znode is gone or the session
   * ended. It can only fail to be sent when the session's client is closed already, which ended the
   * session and took the znode with it.
   */
  private void deleteInBackground(Hold h) {
    try {
      queue.deleteInBackground(nameOf(h));
    } catch (RuntimeException e) {
      log.warn(
          "{} released {} (token {}) but could not send the delete of {} ({}): it goes with the"
              + " session",
          config.ownerId(),
          config.path(),
          h.token(),
          h.nodePath(),
          e.toString());
    }
  }

  private static String nameOf(Hold h) {
    return h.nodePath().substring(h.nodePath().lastIndexOf('/') + 1);
  }

  /**
   * Publishes a hold unless the epoch changed since the queue was read in {@code epoch}, or the
   * watch of its znode already fired.
   */
  private @Nullable Hold publish(long epoch, long token, String nodePath) {
    synchronized (holdLock) {
      if (queue.liveness().current().number() != epoch || deadNodes.contains(nodePath)) {
        return null;
      }
      Hold h = new Hold(lock, FencingToken.of(config.path(), token), nodePath, Instant.now());
      hold = h;
      holdEpoch = queue.liveness().current();
      return h;
    }
  }

  /**
   * On the session's event thread: a suspended or lost link ends the hold at once; an attempt in
   * progress hears of every change.
   */
  private void onEpoch(ConnectionEpoch epoch) {
    queue.linkChanged(epoch);
    if (outlived(epoch)) {
      end(RevocationReason.SESSION_LOST, "connected in another session: " + epoch);
    }
    LockQueue.revocationOn(epoch).ifPresent(reason -> end(reason, epoch.toString()));
  }

  /** True if {@code later} connects another session than the one the current hold began in. */
  private boolean outlived(ConnectionEpoch later) {
    synchronized (holdLock) {
      ConnectionEpoch began = holdEpoch;
      return hold != null
          && began != null
          && later.isConnected()
          && later.number() > began.number()
          && later.sessionId() != began.sessionId();
    }
  }

  /** On the store's event thread: the held znode was deleted (or changed) by someone else. */
  private void nodeChanged(String nodePath) {
    synchronized (holdLock) {
      deadNodes.add(nodePath); // also before the hold: a listing in flight may grant it
      Hold h = hold;
      if (h != null && h.nodePath().equals(nodePath)) {
        end(RevocationReason.NODE_DELETED, "its znode " + nodePath + " was deleted");
      }
    }
  }

  private void end(RevocationReason reason, String why) {
    synchronized (holdLock) {
      Hold h = hold;
      if (h != null && h.revoke(reason)) {
        log.warn(
            "{}: the hold of {} (token {}) is no longer valid: {}",
            config.ownerId(),
            config.path(),
            h.token(),
            why);
        if (reason != RevocationReason.CONNECTION_SUSPENDED) {
          meters.lost();
        }
      }
    }
  }
}
