// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.recipes.SessionConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * The client settings every contender of a ZooKeeper benchmark gets, Baton or Curator: the same
 * connect string, requested session timeout, connection timeout and retry policy, and Curator's
 * ensemble tracker off on both sides ({@code BatonSession.start} turns it off).
 */
public record ZkClient(String connectString, int sessionTimeoutMs, int connectionTimeoutMs) {
  /** A Baton session configuration with these settings. */
  public SessionConfig sessionConfig() {
    return SessionConfig.builder(connectString)
        .sessionTimeout(Duration.ofMillis(sessionTimeoutMs))
        .connectionTimeout(Duration.ofMillis(connectionTimeoutMs))
        .closeOnJvmExit(false)
        .build();
  }

  /**
   * A started Curator client built as {@code BatonSession.start} builds its own, connected.
   *
   * @throws IllegalStateException if it does not connect within the connection timeout
   */
  public CuratorFramework curator() throws InterruptedException {
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connectString)
            .sessionTimeoutMs(sessionTimeoutMs)
            .connectionTimeoutMs(connectionTimeoutMs)
            .retryPolicy(sessionConfig().retryPolicy())
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

  /**
   * A raw ZooKeeper handle with these settings, connected (the floor contenders').
   *
   * @throws IllegalStateException if it does not connect within the connection timeout
   */
  public ZooKeeper zooKeeper() throws IOException, InterruptedException {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            connectString,
            sessionTimeoutMs,
            event -> {
              if (event.getType() == EventType.None
                  && event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
              }
            });
    if (!connected.await(connectionTimeoutMs, TimeUnit.MILLISECONDS)) {
      zk.close();
      throw new IllegalStateException("no connection to " + connectString);
    }
    return zk;
  }
}
