// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.LockContender;
import dev.baton.bench.contender.ZkClient;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The floor: a raw {@link ZooKeeper} handle doing the minimum a ZooKeeper lock needs, synchronously
 * on the contender's thread (ephemeral sequential znode, {@code exists} watch on the predecessor).
 * With {@code asyncRelease} the delete is sent without waiting: one session's requests apply in
 * order, so the next hold still begins after it. A failed delete is reported by the next acquire.
 */
final class FloorLockContender implements LockContender {
  private static final String PREFIX = "lock-";

  private final ZooKeeper zk;
  private final String path;
  private final boolean asyncRelease;
  private final AtomicReference<String> releaseFailure = new AtomicReference<>();
  private final AtomicInteger pendingReleases = new AtomicInteger();
  private String held; // only the thread that holds the lock touches it

  FloorLockContender(String path, ZkClient settings, boolean asyncRelease) throws Exception {
    this.path = path;
    this.asyncRelease = asyncRelease;
    zk = settings.zooKeeper();
    ZKPaths.mkdirs(zk, path); // the parents, as Curator creates them for the others
  }

  @Override
  public boolean acquire(long timeoutMs) throws Exception {
    String failed = releaseFailure.get();
    if (failed != null) {
      throw new BenchmarkFailure("floor lock: an asynchronous release failed: " + failed);
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    String own =
        zk.create(
            path + "/" + PREFIX,
            new byte[0],
            ZooDefs.Ids.OPEN_ACL_UNSAFE,
            CreateMode.EPHEMERAL_SEQUENTIAL);
    String ownName = own.substring(path.length() + 1);
    while (true) {
      List<String> children = zk.getChildren(path, false);
      Collections.sort(children); // one prefix, ten-digit sequence: name order is queue order
      int index = children.indexOf(ownName);
      if (index < 0) {
        throw new BenchmarkFailure("floor lock: own znode " + own + " is gone while waiting");
      }
      if (index == 0) {
        held = own;
        return true;
      }
      CountDownLatch changed = new CountDownLatch(1);
      Stat predecessor =
          zk.exists(path + "/" + children.get(index - 1), event -> changed.countDown());
      if (predecessor == null) {
        continue; // gone before the watch was set: list again
      }
      long left = deadline - System.nanoTime();
      if (left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
        zk.delete(own, -1);
        return false;
      }
    }
  }

  @Override
  public void release() throws Exception {
    String own = held;
    held = null;
    if (own == null) {
      throw new IllegalStateException("floor lock: release without a hold");
    }
    if (asyncRelease) {
      pendingReleases.incrementAndGet();
      zk.delete(
          own,
          -1,
          (rc, p, ctx) -> {
            if (rc != Code.OK.intValue()) {
              releaseFailure.compareAndSet(null, "delete " + p + ": " + Code.get(rc));
            }
            synchronized (pendingReleases) {
              pendingReleases.decrementAndGet();
              pendingReleases.notifyAll();
            }
          },
          null);
    } else {
      zk.delete(own, -1);
    }
  }

  @Override
  public ZooKeeper handle() {
    return zk;
  }

  @Override
  public void awaitReleases() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    synchronized (pendingReleases) {
      while (pendingReleases.get() > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new BenchmarkFailure(
              "floor lock: " + pendingReleases.get() + " asynchronous releases unanswered in 30 s");
        }
        TimeUnit.NANOSECONDS.timedWait(pendingReleases, left);
      }
    }
  }

  @Override
  public void close() {
    try {
      zk.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while closing a floor lock session", e);
    }
  }
}
