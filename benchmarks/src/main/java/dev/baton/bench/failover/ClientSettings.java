// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;

/**
 * The client settings of every candidate, leader or follower, Baton or Curator: the same connect
 * string, requested session timeout, connection timeout and retry policy, and Curator's ensemble
 * tracker off on both sides ({@code BatonSession.start} turns it off).
 */
record ClientSettings(String connectString, int sessionTimeoutMs, int connectionTimeoutMs) {
  /** A Baton session configuration with these settings. */
  SessionConfig baton(boolean closeOnJvmExit) {
    return SessionConfig.builder(connectString)
        .sessionTimeout(Duration.ofMillis(sessionTimeoutMs))
        .connectionTimeout(Duration.ofMillis(connectionTimeoutMs))
        .closeOnJvmExit(closeOnJvmExit)
        .build();
  }

  /**
   * A started Curator client built as {@code BatonSession.start} builds its own, connected.
   *
   * @throws IllegalStateException if it does not connect within the connection timeout
   */
  CuratorFramework curator() throws InterruptedException {
    SessionConfig config = baton(false);
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connectString)
            .sessionTimeoutMs(sessionTimeoutMs)
            .connectionTimeoutMs(connectionTimeoutMs)
            .retryPolicy(config.retryPolicy())
            .ensembleTracker(false)
            .build();
    client.start();
    if (!client.blockUntilConnected(connectionTimeoutMs, TimeUnit.MILLISECONDS)) {
      client.close();
      throw new IllegalStateException(
          "no ZooKeeper server at " + connectString + " answered within " + connectionTimeoutMs);
    }
    return client;
  }
}
