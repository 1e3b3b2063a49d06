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
 * Runs a guard operation and the caller's operations as one ZooKeeper multi.
 *
 * <p>The multi goes through Curator's retry loop, but this class sees every attempt: an attempt
 * whose answer was lost after it was sent (connection loss, session expired or moved, a timeout, an
 * interrupted wait) may have committed. A later attempt that commits is a certain success only if
 * the guard is <em>exclusive</em> (a compare-and-set against one znode version, or the creation of
 * one znode: at most one of two attempts can pass it); a guard that is a mere check is not repeated
 * after a lost answer, since a repeat could apply the caller's operations twice. After a lost
 * answer, a failed guard says nothing about the lost attempt: the result says so ({@link
 * GuardFailed#afterLostAnswer}, {@link Lost}), and the caller judges the outcome ({@link
 * LostAnswer}) or reports it unknown ({@link #unknown}).
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

  /** The multi committed. */
  record Committed<T>(T value) implements Result<T> {}

  /** The guard failed with {@code error} and no attempt lost its answer: nothing was written. */
  record GuardFailed<T>(KeeperException.Code error) implements Result<T> {}

  /**
   * An attempt lost its answer ({@code lost}) and no later one committed ({@code last} is the error
   * that ended the attempts: {@code lost} itself, another lost answer, or a later attempt's failed
   * guard, which says nothing about the lost one): it may have committed.
   */
  record Lost<T>(Exception lost, Exception last, T value) implements Result<T> {}

  /** Thrown inside the retry loop to stop it once an attempt lost its answer and may not repeat. */
  private static final class NoRepeat extends Exception {
    NoRepeat() {
      super("the multi is not repeated after a lost answer", null, false, false);
    }
  }

  /**
   * Runs the multi.
   *
   * @param token the token written, for the exception of an unknown outcome (null for none)
   * @param exclusiveGuard whether at most one of two identical attempts can pass {@code guard}, so
   *     that the multi may be repeated after a lost answer
   * @throws FencingException if ZooKeeper or the action failed and nothing was committed
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
