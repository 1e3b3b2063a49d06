// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import org.apache.zookeeper.ZooKeeper;

/**
 * One contender of the lock benchmark: its own ZooKeeper session and its lock recipe on a shared
 * path ({@link BatonLock}, {@link CuratorLock}, the lock benchmark's floor).
 */
public interface LockContender extends AutoCloseable {
  /** Connects a contender of {@code library} ({@link Library#BATON} or {@link Library#CURATOR}). */
  static LockContender connect(Library library, String path, String ownerId, ZkClient client)
      throws InterruptedException {
    return switch (library) {
      case BATON -> new BatonLock(path, ownerId, client);
      case CURATOR -> new CuratorLock(path, client);
      default -> throw new IllegalArgumentException("no lock contender of " + library);
    };
  }

  /** Waits at most {@code timeoutMs} for the lock; true if it is now held by the calling thread. */
  boolean acquire(long timeoutMs) throws Exception;

  /** The fencing token value of the current hold (Baton), or -1 if the contender has none. */
  default long token() {
    return -1;
  }

  /** The scope of the current hold's token (Baton), or null. */
  default String tokenScope() {
    return null;
  }

  /** Releases the hold of the calling thread. */
  void release() throws Exception;

  /** The session's current ZooKeeper handle, for request counting. */
  ZooKeeper handle() throws Exception;

  /**
   * Waits until every release sent without waiting has been answered, so that its request was sent
   * (ZooKeeper numbers a request when it writes it to the socket, not when it is queued) and is
   * counted: the benchmark counts requests after the last hold of a slice. Nothing for a contender
   * whose release waits for its answer.
   */
  default void awaitReleases() throws InterruptedException {}

  @Override
  void close();
}
