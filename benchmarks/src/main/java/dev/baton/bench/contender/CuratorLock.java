// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.zookeeper.ZooKeeper;

/**
 * Curator: its own {@link CuratorFramework} ({@link ZkClient#curator}) and an {@link
 * InterProcessMutex}.
 */
final class CuratorLock implements LockContender {
  private final CuratorFramework client;
  private final InterProcessMutex mutex;

  CuratorLock(String path, ZkClient settings) throws InterruptedException {
    client = settings.curator();
    mutex = new InterProcessMutex(client, path);
  }

  @Override
  public boolean acquire(long timeoutMs) throws Exception {
    return mutex.acquire(timeoutMs, TimeUnit.MILLISECONDS);
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
