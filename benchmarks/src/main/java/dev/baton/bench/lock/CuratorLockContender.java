// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.recipes.SessionConfig;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.zookeeper.ZooKeeper;

/**
 * Curator: its own {@link CuratorFramework} and an {@link InterProcessMutex}. The client gets the
 * settings {@code BatonSession.start} gives its own Curator client: session and connection timeout
 * and retry policy from the same {@code SessionConfig}, the ensemble tracker off; Curator's
 * defaults otherwise.
 */
final class CuratorLockContender implements LockContender {
  private final CuratorFramework client;
  private final InterProcessMutex mutex;

  CuratorLockContender(String path, ClientSettings settings) throws InterruptedException {
    SessionConfig config = settings.sessionConfig();
    client =
        CuratorFrameworkFactory.builder()
            .connectString(config.connectString())
            .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
            .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
            .retryPolicy(config.retryPolicy())
            .ensembleTracker(false)
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
