// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.TransactionOp;

/**
 * The caller's side of a fenced ZooKeeper write: the operations added here commit in one multi with
 * the fence's own check, or not at all. Build operations with {@link #ops()}, for example {@code
 * tx.add(tx.ops().setData().forPath("/app/config", bytes))}.
 *
 * <p>A fenced action may run more than once (after a concurrent fence update it is retried), so it
 * must only add operations, not act on its own.
 */
public final class ZkTransaction {
  private final CuratorFramework client;
  private final List<CuratorOp> operations = new ArrayList<>();

  ZkTransaction(CuratorFramework client) {
    this.client = client;
  }

  /** A factory for operations. */
  public TransactionOp ops() {
    return client.transactionOp();
  }

  /** Adds an operation to the transaction. */
  public ZkTransaction add(CuratorOp op) {
    operations.add(Objects.requireNonNull(op, "op"));
    return this;
  }

  List<CuratorOp> operations() {
    return operations;
  }
}
