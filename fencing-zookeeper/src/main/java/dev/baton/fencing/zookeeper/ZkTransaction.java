// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.TransactionOp;

/**
 * The caller's side of a fenced ZooKeeper write: operations added here commit in one multi with the
 * fence's check, or not at all. The action may be retried, so it must only add operations.
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
