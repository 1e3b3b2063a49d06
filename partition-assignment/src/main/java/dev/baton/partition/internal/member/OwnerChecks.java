// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.member.MemberEvent.NodeCheck;
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
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Reads ownership znodes (creation zxid and owning session), optionally leaving a watch on each,
 * with pipelined asynchronous requests on the session's own handle: one round trip for any number
 * of partitions. Blocking; called on the member's loop. A read that fails or times out is reported
 * as {@code FAILED}, never as absent.
 */
final class OwnerChecks {
  private final CuratorFramework client;
  private final GroupPaths paths;

  OwnerChecks(CuratorFramework client, GroupPaths paths) {
    this.client = client;
    this.paths = paths;
  }

  /** One check per partition, in the order given; {@code watcher} may be null (no watch). */
  List<NodeCheck> check(List<Integer> partitions, @Nullable Watcher watcher)
      throws InterruptedException {
    List<NodeCheck> out = new ArrayList<>(partitions.size());
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      partitions.forEach(p -> out.add(NodeCheck.failed(p)));
      return out;
    }
    Map<Integer, CompletableFuture<Stat>> stats = new LinkedHashMap<>();
    for (int p : partitions) {
      CompletableFuture<Stat> stat = new CompletableFuture<>();
      org.apache.zookeeper.AsyncCallback.StatCallback callback =
          (rc, path, ctx, found) -> {
            KeeperException.Code code = KeeperException.Code.get(rc);
            if (code == KeeperException.Code.OK || code == KeeperException.Code.NONODE) {
              stat.complete(found); // null when absent
            } else {
              stat.completeExceptionally(KeeperException.create(code, path));
            }
          };
      if (watcher == null) {
        zk.exists(raw(paths.owner(p)), false, callback, null);
      } else {
        zk.exists(raw(paths.owner(p)), watcher, callback, null);
      }
      stats.put(p, stat);
    }
    long timeoutMs = client.getZookeeperClient().getConnectionTimeoutMs();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    for (Map.Entry<Integer, CompletableFuture<Stat>> e : stats.entrySet()) {
      int p = e.getKey();
      try {
        Stat found =
            e.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
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

  private String raw(String path) {
    return ZKPaths.fixForNamespace(client.getNamespace(), path);
  }
}
