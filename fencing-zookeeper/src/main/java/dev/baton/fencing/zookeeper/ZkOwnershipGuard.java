// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.WriteOutcomeUnknownException;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;

/**
 * Guards ZooKeeper writes with the writer's own ownership znode (its election or lock node): the
 * caller's operations commit in one multi with a check that the znode still exists, so they fail
 * once ownership is gone, however late they arrive. For writes within one term by the znode's
 * holder; across terms or recipes, or to keep a high-water mark, use {@link ZkFence}. Thread-safe.
 */
public final class ZkOwnershipGuard {
  private final CuratorFramework client;

  private ZkOwnershipGuard(CuratorFramework client) {
    this.client = client;
  }

  public static ZkOwnershipGuard create(CuratorFramework client) {
    return new ZkOwnershipGuard(Objects.requireNonNull(client, "client"));
  }

  /**
   * Commits the operations the action adds only if {@code ownerNodePath} still exists.
   *
   * @throws OwnershipLostException if the ownership znode is gone; nothing was written
   * @throws FencingException if ZooKeeper or a caller's operation failed; nothing was written
   * @throws WriteOutcomeUnknownException if the answer was lost, so it may have committed; never
   *     repeated, as a repeat could pass the check and apply the operations twice
   */
  public <T> T write(String ownerNodePath, FencedAction<ZkTransaction, T> action) {
    if (ownerNodePath == null || ownerNodePath.isBlank()) {
      throw new IllegalArgumentException("the ownership znode path must not be empty");
    }
    CuratorOp guard =
        ZkFence.op(
            ownerNodePath,
            "the ownership check",
            () -> client.transactionOp().check().forPath(ownerNodePath));
    ZkMulti.Result<T> result = ZkMulti.run(client, ownerNodePath, null, guard, false, action);
    if (result instanceof ZkMulti.Committed<T> committed) {
      return committed.value();
    }
    if (result instanceof ZkMulti.Lost<T> lost) {
      throw ZkMulti.unknown(ownerNodePath, null, lost.lost(), lost.last());
    }
    KeeperException.Code refused = ((ZkMulti.GuardFailed<T>) result).error();
    if (refused == KeeperException.Code.NONODE) {
      throw new OwnershipLostException(ownerNodePath);
    }
    throw new FencingException(
        ownerNodePath, "the ownership check on " + ownerNodePath + " failed: " + refused);
  }

  /** The ownership znode no longer exists: the writer's term is over. */
  public static final class OwnershipLostException extends FencingException {
    OwnershipLostException(String ownerNodePath) {
      super(
          ownerNodePath,
          "the ownership znode %s is gone: the term is over and nothing was written"
              .formatted(ownerNodePath));
    }
  }
}
