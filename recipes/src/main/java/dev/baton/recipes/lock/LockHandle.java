package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;

/**
 * One hold of a {@link FencedLock}: its fencing token and the znode that embodies it. Closing the handle
 * releases one level of the hold ({@link FencedLock#release()}).
 *
 * <p>{@link #isValid()} turns false as soon as the connection is suspended or the session lost: the
 * lock may then already belong to someone else. Pass {@link #token()} to every protected write.
 */
public interface LockHandle extends AutoCloseable {
  /** The hold's fencing token: the lock znode's creation zxid, scoped to the lock path. */
  FencingToken token();

  /** The full path of the lock znode, for a ZooKeeper ownership guard. */
  String nodePath();

  /** True while the lock is believed held: the connection has not been suspended since it was taken. */
  boolean isValid();

  /** Releases one level of the hold. */
  @Override
  void close();
}
