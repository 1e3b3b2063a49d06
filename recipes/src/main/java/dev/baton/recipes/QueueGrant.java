// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * When a term granted on a queue entry is valid, and when it ends, for both queue candidates (the
 * election's {@link QueueCandidacy}, the lock's {@link LockQueue}): a term begins only in the epoch
 * in which the queue was read and on an entry whose watch has not fired (a listing read before a
 * deletion may still be on its way to a grant); it ends when its entry's watch fires or the link
 * connects in another session (the entry went with the old one). Not thread-safe: its owner guards
 * it with the lock under which it begins and ends terms.
 */
final class QueueGrant {
  /** Entries whose watch fired (deleted), the last 64: no term begins on them. */
  private final Set<String> deadNodes = CandidateMachine.lastOf(64);

  private @Nullable String node;
  private long session;
  private long epoch;

  /**
   * Takes the grant of {@code nodePath} if the link is {@code now} still in the epoch {@code
   * readIn} the queue was read in, and the entry's watch has not fired.
   */
  boolean admit(long readIn, ConnectionEpoch now, String nodePath) {
    if (now.number() != readIn || deadNodes.contains(nodePath)) {
      return false;
    }
    node = nodePath;
    session = now.sessionId(); // the epoch's: the one the queue was read in
    epoch = readIn;
    return true;
  }

  /** The last entry granted, if any. */
  @Nullable String node() {
    return node;
  }

  /** The watch of {@code nodePath} fired: true if it is the granted entry's. */
  boolean watchFired(String nodePath) {
    deadNodes.add(nodePath); // also before a grant: a listing in flight may lead on it
    return nodePath.equals(node);
  }

  /**
   * True if {@code e} is older than the epoch the last grant began in: its event, still queued on
   * the session's event thread when the grant read the current epoch, says nothing of that grant.
   * The grant's own epoch is not older (it was connected when granted).
   */
  boolean predates(ConnectionEpoch e) {
    return node != null && e.number() < epoch;
  }

  /** True if {@code later} connects another session than the one the last grant began in. */
  boolean outlivedBy(ConnectionEpoch later) {
    return node != null
        && later.isConnected()
        && later.number() > epoch
        && later.sessionId() != session;
  }
}
