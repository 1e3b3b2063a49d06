// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import org.apache.zookeeper.ZooKeeper;

/**
 * One contender of the lock benchmark: its own ZooKeeper session and its lock recipe on a shared
 * path.
 */
interface LockContender extends AutoCloseable {
  /** Settings shared by all contenders. */
  record ClientSettings(String connectString, int sessionTimeoutMs, int connectionTimeoutMs) {
    /**
     * The Baton session configuration of these settings; the Curator contender builds its client
     * from it too, so both get the same timeouts and retry policy.
     */
    SessionConfig sessionConfig() {
      return SessionConfig.builder(connectString)
          .sessionTimeout(Duration.ofMillis(sessionTimeoutMs))
          .connectionTimeout(Duration.ofMillis(connectionTimeoutMs))
          .build();
    }
  }

  /** Waits at most {@code timeoutMs} for the lock; true if it is now held by the calling thread. */
  boolean acquire(long timeoutMs) throws Exception;

  /**
   * The fencing token value of the current hold (Baton), or -1 if the contender has none (Curator,
   * the floor).
   */
  long token();

  /** The scope of the current hold's token (Baton), or null. */
  String tokenScope();

  /** Releases the hold of the calling thread. */
  void release() throws Exception;

  /** The session's current ZooKeeper handle, for request counting. */
  ZooKeeper handle() throws Exception;

  @Override
  void close();
}
