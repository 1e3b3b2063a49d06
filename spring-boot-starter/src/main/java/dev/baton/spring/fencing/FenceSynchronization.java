// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.fencing.FencingToken;
import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.springframework.core.Ordered;
import org.springframework.transaction.support.TransactionSynchronization;

/**
 * The fence checks of one transaction, run in {@link #beforeCommit} (a failure rolls back and
 * reaches the caller), last of the synchronizations so the fence row is locked shortest.
 */
final class FenceSynchronization implements TransactionSynchronization {
  private final TransactionalFence fence;
  private final SortedSet<FenceCheck> checks = new TreeSet<>();
  private final Set<String> written = new HashSet<>();

  FenceSynchronization(TransactionalFence fence) {
    this.fence = fence;
  }

  TransactionalFence fence() {
    return fence;
  }

  /** Adds a check; the same resource and token is checked once. Confined to the transaction. */
  void add(String resource, FencingToken token) {
    checks.add(new FenceCheck(resource, token));
    written.add(resource);
  }

  /** Notes a resource checked already, whose fence row exists once this transaction commits. */
  void registersOnCommit(String resource) {
    written.add(resource);
  }

  @Override
  public void beforeCommit(boolean readOnly) {
    fence.accept(checks);
  }

  @Override
  public void afterCommit() {
    fence.registered(written);
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  @Override
  public String toString() {
    return "FenceSynchronization" + checks;
  }
}
