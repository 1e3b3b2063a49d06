// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;

/**
 * One hold of a {@link FencedLock}: a {@link Term} with its lock znode; closing it releases one
 * level. It turns inactive once the connection is suspended, the session lost or the znode deleted
 * by someone else (the lock may then be another's). Pass {@link #token()} to every protected write.
 */
public interface LockHandle extends Term, AutoCloseable {
  /** The hold's fencing token: the lock znode's creation zxid, scoped to the lock path. */
  @Override
  FencingToken token();

  /** The full path of the lock znode, for a ZooKeeper ownership guard. */
  String nodePath();

  /** The same as {@link #isActive()}: true while the lock is believed held. */
  default boolean isValid() {
    return isActive();
  }

  /** Releases one level of the hold, like {@link FencedLock#release()}. */
  @Override
  void close();
}
