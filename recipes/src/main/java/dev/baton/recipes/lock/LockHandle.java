// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;

/**
 * One hold of a {@link FencedLock}: a {@link Term} with the lock znode that embodies it. Closing
 * the handle releases one level of the hold ({@link FencedLock#release()}); the last level ends the
 * hold at once, then deletes its znode and waits for the ensemble's answer at most the session's
 * close timeout.
 *
 * <p>{@link #isActive()} turns false as soon as the connection is suspended, the session lost or
 * the lock znode deleted by someone else: the lock may then already belong to someone else, and
 * {@link #checkActive()} throws {@link LockLostException}. Pass {@link #token()} to every protected
 * write.
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
