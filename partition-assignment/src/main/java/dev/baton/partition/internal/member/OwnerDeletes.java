// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.internal.GroupPaths;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes ownership znodes that one session created, in batches of {@value OwnerNodes#BATCH} per
 * multi, falling back to one request each when a batch fails. Uses the session's own ZooKeeper
 * handle, without Curator's retries, and only while that handle still belongs to the session: a
 * delete by path retried on a later session could remove the next owner's znode. Blocking; called
 * on the member's loop.
 */
final class OwnerDeletes {
  private static final Logger log = LoggerFactory.getLogger(OwnerDeletes.class);

  private final CuratorFramework client;
  private final GroupPaths paths;

  OwnerDeletes(CuratorFramework client, GroupPaths paths) {
    this.client = client;
    this.paths = paths;
  }

  /**
   * Deletes the znodes of {@code partitions} through session {@code sessionId}.
   *
   * @return the partitions whose znode is gone now (deleted, or already absent); the others failed
   */
  List<Integer> delete(List<Integer> partitions, long sessionId) throws InterruptedException {
    List<Integer> gone = new ArrayList<>();
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      return gone;
    }
    if (zk.getSessionId() != sessionId) {
      return gone;
    }
    for (int i = 0; i < partitions.size(); i += OwnerNodes.BATCH) {
      List<Integer> batch =
          partitions.subList(i, Math.min(partitions.size(), i + OwnerNodes.BATCH));
      List<Op> ops = new ArrayList<>(batch.size());
      batch.forEach(p -> ops.add(Op.delete(raw(paths.owner(p)), -1)));
      try {
        zk.multi(ops);
        gone.addAll(batch);
        continue;
      } catch (KeeperException e) {
        if (OwnerNodes.isConnectionProblem(e.code())) {
          return gone; // the rest failed; the machine verifies them before deleting again
        }
      }
      for (int p : batch) {
        try {
          zk.delete(raw(paths.owner(p)), -1);
          gone.add(p);
        } catch (KeeperException.NoNodeException e) {
          gone.add(p);
        } catch (KeeperException e) {
          log.debug("cannot delete the ownership znode of {} now: {}", p, e.code());
          if (OwnerNodes.isConnectionProblem(e.code())) {
            return gone;
          }
        }
      }
    }
    return gone;
  }

  private String raw(String path) {
    return ZKPaths.fixForNamespace(client.getNamespace(), path);
  }
}
