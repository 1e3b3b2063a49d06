// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.ZooKeeper;

/**
 * Curator: its own {@link CuratorFramework} (same connect string, timeouts and retry policy as
 * {@code BatonSession.start}; Curator's defaults otherwise) and an {@link InterProcessMutex}.
 */
final class CuratorLockContender implements LockContender {
  private final CuratorFramework client;
  private final InterProcessMutex mutex;

  CuratorLockContender(String path, ClientSettings settings) throws InterruptedException {
    client =
        CuratorFrameworkFactory.builder()
            .connectString(settings.connectString())
            .sessionTimeoutMs(settings.sessionTimeoutMs())
            .connectionTimeoutMs(settings.connectionTimeoutMs())
            .retryPolicy(new ExponentialBackoffRetry(100, 3, 1000))
            .build();
    client.start();
    if (!client.blockUntilConnected(settings.connectionTimeoutMs(), TimeUnit.MILLISECONDS)) {
      client.close();
      throw new IllegalStateException("no connection to " + settings.connectString());
    }
    mutex = new InterProcessMutex(client, path);
  }

  @Override
  public boolean acquire(long timeoutMs) throws Exception {
    return mutex.acquire(timeoutMs, TimeUnit.MILLISECONDS);
  }

  @Override
  public long token() {
    return -1;
  }

  @Override
  public String tokenScope() {
    return null;
  }

  @Override
  public void release() throws Exception {
    mutex.release();
  }

  @Override
  public ZooKeeper handle() throws Exception {
    return client.getZookeeperClient().getZooKeeper();
  }

  @Override
  public void close() {
    client.close();
  }
}
