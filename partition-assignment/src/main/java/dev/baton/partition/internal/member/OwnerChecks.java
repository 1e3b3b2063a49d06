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
 * of partitions, or none of its own when sent right behind a write ({@link #send}, then {@link
 * #collect}). Blocking; called on the member's loop. A read that fails or times out is reported as
 * {@code FAILED}, never as absent.
 */
final class OwnerChecks {
  private final CuratorFramework client;
  private final GroupPaths paths;

  OwnerChecks(CuratorFramework client, GroupPaths paths) {
    this.client = client;
    this.paths = paths;
  }

  /** Reads in flight, in the order sent. */
  static final class Pending {
    private final Map<Integer, CompletableFuture<Stat>> stats = new LinkedHashMap<>();
  }

  /** One check per partition, in the order given; {@code watcher} may be null (no watch). */
  List<NodeCheck> check(List<Integer> partitions, @Nullable Watcher watcher)
      throws InterruptedException {
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      List<NodeCheck> out = new ArrayList<>(partitions.size());
      partitions.forEach(p -> out.add(NodeCheck.failed(p)));
      return out;
    }
    return collect(send(zk, partitions, watcher), deadline());
  }

  /**
   * Sends one read per partition on {@code zk} without waiting: requests of one session are
   * answered in order, so these see the outcome of any request sent before them on that handle.
   */
  Pending send(ZooKeeper zk, List<Integer> partitions, @Nullable Watcher watcher) {
    Pending pending = new Pending();
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
      pending.stats.put(p, stat);
    }
    return pending;
  }

  /** The deadline of a request sent now: the client's connection timeout. */
  long deadline() {
    return System.nanoTime()
        + TimeUnit.MILLISECONDS.toNanos(client.getZookeeperClient().getConnectionTimeoutMs());
  }

  /** Waits for the answers (until {@code deadlineNanos}); one check per partition, in order. */
  List<NodeCheck> collect(Pending pending, long deadlineNanos) throws InterruptedException {
    List<NodeCheck> out = new ArrayList<>(pending.stats.size());
    for (Map.Entry<Integer, CompletableFuture<Stat>> e : pending.stats.entrySet()) {
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

  private String raw(String path) {
    return ZKPaths.fixForNamespace(client.getNamespace(), path);
  }
}
