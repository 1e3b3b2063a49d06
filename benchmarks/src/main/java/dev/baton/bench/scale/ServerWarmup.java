// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Warms the in-process server with raw sessions that join as a candidate does, then close: else the
 * library that joins first pays for compiling the server's paths, and the join comparison is
 * decided by the order of the two.
 */
final class ServerWarmup {
  private ServerWarmup() {}

  /** Runs the warm-up on {@code parent} (created if absent); returns how long it took, in ms. */
  static double run(String connect, String parent, int sessions, int threads, long timeoutMs)
      throws Exception {
    long t0 = System.nanoTime();
    ensure(connect, parent, timeoutMs);
    List<ZooKeeper> open = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<ZooKeeper>> joins = new ArrayList<>();
      for (int i = 0; i < sessions; i++) {
        joins.add(pool.submit(() -> join(connect, parent, timeoutMs)));
      }
      for (Future<ZooKeeper> f : joins) {
        open.add(f.get(timeoutMs, TimeUnit.MILLISECONDS));
      }
    } finally {
      pool.shutdownNow();
      for (ZooKeeper zk : open) {
        zk.close();
      }
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  private static ZooKeeper join(String connect, String parent, long timeoutMs) throws Exception {
    ZooKeeper zk = connect(connect, timeoutMs);
    try {
      zk.create(
          parent + "/w-",
          new byte[0],
          ZooDefs.Ids.OPEN_ACL_UNSAFE,
          CreateMode.EPHEMERAL_SEQUENTIAL);
      zk.getChildren(parent, false);
      return zk;
    } catch (Exception | Error e) {
      zk.close();
      throw e;
    }
  }

  private static void ensure(String connect, String parent, long timeoutMs) throws Exception {
    ZooKeeper zk = connect(connect, timeoutMs);
    try {
      StringBuilder path = new StringBuilder();
      for (String part : parent.substring(1).split("/")) {
        path.append('/').append(part);
        try {
          zk.create(
              path.toString(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException e) {
          // made by an earlier step or run
        }
      }
    } finally {
      zk.close();
    }
  }

  private static ZooKeeper connect(String connect, long timeoutMs) throws Exception {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            connect,
            15_000,
            e -> {
              if (e.getState() == KeeperState.SyncConnected) {
                connected.countDown();
              }
            });
    if (!connected.await(timeoutMs, TimeUnit.MILLISECONDS)) {
      zk.close();
      throw new IllegalStateException("server warm-up: no connection to " + connect);
    }
    return zk;
  }
}
