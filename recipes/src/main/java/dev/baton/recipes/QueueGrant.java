// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import org.jspecify.annotations.Nullable;

/**
 * When a term granted on a queue entry is valid ({@link QueueCandidacy}, {@link LockQueue}): it
 * begins only in the epoch the queue was read in, on an entry whose watch has not fired, and ends
 * when that watch fires or the link connects in another session. Guarded by its owner's lock.
 */
final class QueueGrant {
  /** Entries whose watch fired (deleted), the last 64: no term begins on them. */
  private final RecentNames deadNodes = new RecentNames(64);

  private @Nullable String node;
  private long session;
  private long epoch;

  /** Takes the grant of {@code nodePath} if still in epoch {@code readIn} and not watched gone. */
  boolean admit(long readIn, ConnectionEpoch now, String nodePath) {
    if (now.number() != readIn || deadNodes.contains(nodePath)) {
      return false;
    }
    node = nodePath;
    session = now.sessionId(); // the epoch's: the one the queue was read in
    epoch = readIn;
    return true;
  }

  @Nullable String node() {
    return node;
  }

  /** The watch of {@code nodePath} fired: true if it is the granted entry's. */
  boolean watchFired(String nodePath) {
    deadNodes.add(nodePath); // also before a grant: a listing in flight may lead on it
    return nodePath.equals(node);
  }

  /** True if {@code e} predates the last grant's epoch (so it says nothing of that grant). */
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
