// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberEvent.NodeCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.AsyncCallback.StatCallback;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Pipelined reads of ownership znodes (czxid and owner) on the session's own handle: one round trip
 * for any number, or none of its own right behind a write ({@link #send}, then {@link #collect}). A
 * failed or timed-out read is {@code FAILED}, never absent. Blocking.
 */
record OwnerReads(CuratorFramework client, GroupPaths paths) {

  /** Reads the znodes of {@code partitions}, one round trip for all, watching unless null. */
  List<NodeCheck> check(List<Integer> partitions, @Nullable Watcher watch) {
    List<NodeCheck> failed = new ArrayList<>(partitions.size());
    partitions.forEach(p -> failed.add(NodeCheck.failed(p)));
    try {
      ZooKeeper zk = handle();
      return zk == null ? failed : collect(send(zk, partitions, watch), deadline());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the loop is being stopped
      return failed;
    }
  }

  /** Sends one read per partition on {@code zk} without waiting; answered in order. */
  Map<Integer, CompletableFuture<@Nullable Stat>> send(
      ZooKeeper zk, List<Integer> partitions, @Nullable Watcher watch) {
    Map<Integer, CompletableFuture<@Nullable Stat>> pending = new LinkedHashMap<>();
    for (int p : partitions) {
      CompletableFuture<@Nullable Stat> stat = new CompletableFuture<>();
      StatCallback callback =
          (rc, path, ctx, found) -> {
            KeeperException.Code code = KeeperException.Code.get(rc);
            if (code == KeeperException.Code.OK || code == KeeperException.Code.NONODE) {
              stat.complete(found); // null when absent
            } else {
              stat.completeExceptionally(KeeperException.create(code, path));
            }
          };
      zk.exists(raw(p), watch, callback, null); // a null watch leaves none

      pending.put(p, stat);
    }
    return pending;
  }

  /** Waits for the answers until {@code deadlineNanos}; one check per partition, in order. */
  static List<NodeCheck> collect(
      Map<Integer, CompletableFuture<@Nullable Stat>> pending, long deadlineNanos)
      throws InterruptedException {
    List<NodeCheck> out = new ArrayList<>(pending.size());
    for (Map.Entry<Integer, CompletableFuture<@Nullable Stat>> e : pending.entrySet()) {
      int p = e.getKey();
      try {
        Stat found =
            e.getValue().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        out.add(
            found == null
                ? NodeCheck.absent(p)
                : NodeCheck.exists(p, found.getCzxid(), found.getEphemeralOwner()));
      } catch (ExecutionException | TimeoutException ex) {
        out.add(NodeCheck.failed(p));
      }
    }
    return out;
  }

  @Nullable ZooKeeper handle() throws InterruptedException {
    try {
      return client.getZookeeperClient().getZooKeeper();
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      return null;
    }
  }

  long deadline() {
    return System.nanoTime()
        + TimeUnit.MILLISECONDS.toNanos(client.getZookeeperClient().getConnectionTimeoutMs());
  }

  /** The path on the raw handle, which does not add Curator's namespace. */
  String raw(int p) {
    return ZKPaths.fixForNamespace(client.getNamespace(), paths.owner(p));
  }
}
