// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.support.Resources;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;

/** Runs a guard operation and the caller's operations as one ZooKeeper multi. */
final class ZkMulti {
  private ZkMulti() {}

  /** What became of the multi: committed, or refused by the guard operation. */
  sealed interface Result<T> permits Committed, GuardFailed {}

  /** The multi committed; {@code value} is what the action returned. */
  record Committed<T>(T value) implements Result<T> {}

  /** The guard operation failed with {@code error}; nothing was written. */
  record GuardFailed<T>(KeeperException.Code error) implements Result<T> {}

  static <T> Result<T> run(
      CuratorFramework client,
      String resource,
      CuratorOp guard,
      FencedAction<ZkTransaction, T> action) {
    ZkTransaction tx = new ZkTransaction(client);
    T value;
    try {
      value = action.apply(tx);
    } catch (Exception e) {
      throw Resources.rethrow(resource, e);
    }
    List<CuratorOp> ops = new ArrayList<>(tx.operations().size() + 1);
    ops.add(guard);
    ops.addAll(tx.operations());
    try {
      List<CuratorTransactionResult> results = client.transaction().forOperations(ops);
      if (results.size() != ops.size()) {
        throw new FencingException(
            resource,
            "ZooKeeper answered the fenced multi with "
                + results.size()
                + " results for "
                + ops.size()
                + " operations");
      }
      return new Committed<>(value);
    } catch (KeeperException e) {
      List<OpResult> results = e.getResults();
      if (results != null
          && !results.isEmpty()
          && results.get(0) instanceof OpResult.ErrorResult first
          && first.getErr() != KeeperException.Code.OK.intValue()
          && first.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
        return new GuardFailed<>(KeeperException.Code.get(first.getErr()));
      }
      throw new FencingException(
          resource,
          "the fenced ZooKeeper write to '" + resource + "' failed: " + e.getMessage(),
          e);
    } catch (Exception e) {
      ZkFence.restoreInterrupt(e);
      throw new FencingException(
          resource,
          "the fenced ZooKeeper write to '" + resource + "' failed: " + e.getMessage(),
          e);
    }
  }
}
