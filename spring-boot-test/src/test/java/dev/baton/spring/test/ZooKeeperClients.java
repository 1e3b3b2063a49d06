// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/** Plain Curator clients for the tests. */
final class ZooKeeperClients {
  private ZooKeeperClients() {}

  /** A started client, connected, with a 10 s session; the caller closes it. */
  static CuratorFramework connected(String connectString) {
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connectString)
            .sessionTimeoutMs(10_000)
            .connectionTimeoutMs(5_000)
            .retryPolicy(new RetryOneTime(100))
            .build();
    client.start();
    try {
      if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
        client.close();
        throw new IllegalStateException("no connection to " + connectString + " within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      client.close();
      throw new IllegalStateException(e);
    }
    return client;
  }
}
