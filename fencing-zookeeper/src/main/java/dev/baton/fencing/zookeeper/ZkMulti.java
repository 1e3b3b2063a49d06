// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.WriteOutcomeUnknownException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;
import org.jspecify.annotations.Nullable;

/**
 * Runs a guard operation and the caller's operations as one ZooKeeper multi, through Curator's
 * retry loop but seeing every attempt. An attempt whose answer was lost after sending may have
 * committed. A later committing attempt is a certain success only if the guard is
 * <em>exclusive</em> (a compare-and-set on one znode version, or a create: at most one of two
 * attempts passes); a mere check is not repeated after a lost answer, as the repeat could apply the
 * operations twice. After a lost answer a failed guard says nothing about the lost attempt ({@link
 * Lost}): the caller judges it with {@link LostAnswer} or throws {@link #unknown}.
 */
final class ZkMulti {
  /** ZooKeeper errors after which a sent request may or may not have been applied. */
  private static final Set<KeeperException.Code> LOST_ANSWER =
      Set.of(
          KeeperException.Code.CONNECTIONLOSS,
          KeeperException.Code.SESSIONEXPIRED,
          KeeperException.Code.SESSIONMOVED,
          KeeperException.Code.OPERATIONTIMEOUT,
          KeeperException.Code.REQUESTTIMEOUT);

  private ZkMulti() {}

  /** Committed, refused by the guard, or unanswered; {@code value}: what the action returned. */
  sealed interface Result<T> permits Committed, GuardFailed, Lost {}

  record Committed<T>(T value) implements Result<T> {}

  /** The guard failed with {@code error} and no attempt lost its answer: nothing was written. */
  record GuardFailed<T>(KeeperException.Code error) implements Result<T> {}

  /**
   * An attempt lost its answer ({@code lost}) and may have committed; none later did. {@code last}
   * ended the attempts (a failed guard then tells nothing about the lost one).
   */
  record Lost<T>(Exception lost, Exception last, T value) implements Result<T> {}

  /** Thrown inside the retry loop to stop it once an attempt lost its answer and may not repeat. */
  private static final class NoRepeat extends Exception {
    NoRepeat() {
      super("the multi is not repeated after a lost answer", null, false, false);
    }
  }

  /**
   * Runs the multi; {@code token} (null for none) is for the unknown-outcome exception, and {@code
   * exclusiveGuard} says at most one of two identical attempts can pass {@code guard}, so the multi
   * may be repeated after a lost answer. A {@link FencingException} means nothing was committed.
   */
  static <T> Result<T> run(
      CuratorFramework client,
      String resource,
      @Nullable FencingToken token,
      CuratorOp guard,
      boolean exclusiveGuard,
      FencedAction<ZkTransaction, T> action) {
    ZkTransaction tx = new ZkTransaction(client);
    T value;
    try {
      value = action.apply(tx);
    } catch (Exception e) {
      throw Fence.rethrow(resource, e);
    }
    List<Op> ops = new ArrayList<>(tx.operations().size() + 1);
    ops.add(guard.get());
    tx.operations().forEach(op -> ops.add(op.get()));
    AtomicReference<Exception> lost = new AtomicReference<>();
    List<OpResult> results;
    try {
      results =
          RetryLoop.callWithRetry(
              client.getZookeeperClient(),
              () -> {
                if (lost.get() != null && !exclusiveGuard) {
                  throw new NoRepeat();
                }
                // Connecting first: a failure here happens before anything is sent.
                ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
                try {
                  return zk.multi(ops);
                } catch (KeeperException e) {
                  if (LOST_ANSWER.contains(e.code())) {
                    lost.compareAndSet(null, e);
                  }
                  throw e;
                } catch (InterruptedException e) {
                  lost.compareAndSet(null, e);
                  throw e;
                }
              });
    } catch (Exception e) {
      ZkFence.restoreInterrupt(e);
      if (lost.get() != null) {
        return new Lost<>(lost.get(), e, value);
      }
      List<OpResult> failed = e instanceof KeeperException k ? k.getResults() : null;
      if (failed != null
          && !failed.isEmpty()
          && failed.get(0) instanceof OpResult.ErrorResult first
          && first.getErr() != KeeperException.Code.OK.intValue()
          && first.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
        return new GuardFailed<>(KeeperException.Code.get(first.getErr()));
      }
      throw new FencingException(
          resource,
          "the fenced ZooKeeper write to '" + resource + "' failed: " + e.getMessage(),
          e);
    }
    if (results.size() != ops.size()) {
      throw new WriteOutcomeUnknownException(
          resource,
          token,
          "ZooKeeper answered the fenced multi to '%s' with %s results for %s operations"
              .formatted(resource, results.size(), ops.size()),
          null);
    }
    return new Committed<>(value);
  }

  /** The exception for a {@link Lost} multi whose outcome the caller cannot judge. */
  static WriteOutcomeUnknownException unknown(
      String resource, @Nullable FencingToken token, Exception lost, Exception last) {
    boolean repeated = last != lost && !(last instanceof NoRepeat);
    WriteOutcomeUnknownException e =
        new WriteOutcomeUnknownException(
            resource,
            token,
            ("the answer to the fenced ZooKeeper write to '%s'%s was lost (%s), and it may have"
                    + " committed; %s")
                .formatted(
                    resource,
                    token == null ? "" : " with token " + token,
                    lost,
                    repeated ? "repeating it failed: " + last : "it was not repeated"),
            lost);
    if (repeated) {
      e.addSuppressed(last);
    }
    return e;
  }
}
