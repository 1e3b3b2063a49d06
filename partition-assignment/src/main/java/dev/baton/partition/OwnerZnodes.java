// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberEvent.Created;
import dev.baton.partition.MemberEvent.Failed;
import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.partition.MemberEvent.NodeState;
import dev.baton.partition.MemberEvent.Take;
import dev.baton.partition.MemberEvent.Taken;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ownership znodes ({@code <group>/owners/<p>}), created, checked and deleted in batches on the
 * session's own handle; blocking, on the member's loop. Every call answers every partition; a
 * failure, timeout or interrupt (flag restored) is a failure, never an absent znode.
 *
 * <p>Creates: a multi of up to {@value #BATCH} creates with a read of the first pipelined behind it
 * (answered in order); one multi is one transaction, so its zxid is every created znode's czxid,
 * the batch's token. If some znode exists, watched reads tell which and whose; the absent go in
 * another round. Deletes: only through the creating session's handle, without Curator's retries
 * (retried on a later session, a delete by path could remove the next owner's znode).
 */
final class OwnerZnodes {
  private static final Logger log = LoggerFactory.getLogger(OwnerZnodes.class);
  static final int BATCH = 500;

  /** Rounds of create-and-read per batch before falling back to one request per partition. */
  private static final int ROUNDS = 3;

  /** What a create found: one answer per partition, and the partitions whose znode is watched. */
  record Outcome(List<Take> takes, Set<Integer> watched) {}

  private final OwnerReads reads;

  OwnerZnodes(CuratorFramework client, GroupPaths paths) {
    this.reads = new OwnerReads(client, paths);
  }

  /** A watcher told, with the partition it names, when a watched ownership znode is deleted. */
  static Watcher onOwnerDeleted(IntConsumer partition) {
    return e -> {
      String path = e.getPath();
      if (e.getType() == Watcher.Event.EventType.NodeDeleted && path != null) {
        partition.accept(Integer.parseInt(path.substring(path.lastIndexOf('/') + 1)));
      }
    };
  }

  /** Creates the znodes of {@code partitions}: one answer each, in order; reads watch (Outcome). */
  Outcome create(List<Integer> partitions, byte[] data, Watcher watch) {
    List<Take> out = new ArrayList<>(partitions.size());
    Set<Integer> watched = new HashSet<>();
    try {
      for (int i = 0; i < partitions.size(); i += BATCH) {
        List<Integer> todo = partitions.subList(i, Math.min(partitions.size(), i + BATCH));
        for (int round = 0; round < ROUNDS && !todo.isEmpty(); round++) {
          todo = createAndRead(todo, data, watch, out, watched);
        }
        for (int p : todo) { // still absent after every round (they keep coming and going)
          out.add(one(p, data));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the loop is being stopped
      out.clear();
      partitions.forEach(p -> out.add(new Failed(p, true, false)));
      watched.clear();
    }
    return new Outcome(out, watched);
  }

  /** One round (see the class doc): adds the settled answers to {@code out}, returns the absent. */
  private List<Integer> createAndRead(
      List<Integer> todo, byte[] data, Watcher watch, List<Take> out, Set<Integer> watched)
      throws InterruptedException {
    ZooKeeper zk = reads.handle();
    CompletableFuture<KeeperException.Code> multi = new CompletableFuture<>();
    if (zk == null || !sendMulti(todo, data, multi)) {
      todo.forEach(p -> out.add(new Failed(p, true, false)));
      return List.of();
    }
    long session = zk.getSessionId();
    long deadline = reads.deadline();
    NodeCheck first = OwnerReads.collect(reads.send(zk, todo.subList(0, 1), null), deadline).get(0);
    if (first.state() == NodeState.FAILED) {
      todo.forEach(p -> out.add(new Failed(p, true, false))); // the multi's outcome is unknown
      return List.of();
    }
    KeeperException.Code code = await(multi, deadline);
    if (code == KeeperException.Code.OK
        && first.state() == NodeState.EXISTS
        && first.owner() == session) {
      todo.forEach(p -> out.add(new Created(p, first.czxid(), session))); // one transaction
      return List.of();
    }
    if (code != KeeperException.Code.OK && code != KeeperException.Code.NODEEXISTS) {
      todo.forEach(p -> out.add(failed(p, code)));
      return List.of();
    }
    // Some znode existed: which now, and whose? Watched, to hear when another session's goes.
    List<Integer> absent = new ArrayList<>();
    for (NodeCheck c : OwnerReads.collect(reads.send(zk, todo, watch), reads.deadline())) {
      int p = c.partition();
      switch (c.state()) {
        case EXISTS -> {
          watched.add(p);
          out.add(
              c.owner() == session
                  ? new Created(p, c.czxid(), c.owner()) // ours (an earlier create)
                  : new Taken(p, c.owner())); // another session's: waited for
        }
        case ABSENT -> absent.add(p);
        case FAILED -> out.add(new Failed(p, true, false)); // ours or not: checked by the retry
      }
    }
    return absent;
  }

  private boolean sendMulti(
      List<Integer> todo, byte[] data, CompletableFuture<KeeperException.Code> answer)
      throws InterruptedException {
    try {
      List<CuratorOp> ops = new ArrayList<>(todo.size());
      for (int p : todo) {
        ops.add(
            reads
                .client()
                .transactionOp()
                .create()
                .withMode(CreateMode.EPHEMERAL)
                .forPath(reads.paths().owner(p), data));
      }
      reads
          .client()
          .transaction()
          .inBackground((c, e) -> answer.complete(KeeperException.Code.get(e.getResultCode())))
          .forOperations(ops);
      return true;
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      log.debug("cannot send the create of {} ownership znodes: {}", todo.size(), e.toString());
      return false;
    }
  }

  private static KeeperException.Code await(
      CompletableFuture<KeeperException.Code> multi, long deadlineNanos)
      throws InterruptedException {
    try {
      return multi.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (ExecutionException | TimeoutException e) {
      return KeeperException.Code.CONNECTIONLOSS; // unknown: it may have been applied
    }
  }

  private Take one(int p, byte[] data) throws InterruptedException {
    try {
      Stat stat = new Stat();
      reads
          .client()
          .create()
          .storingStatIn(stat)
          .withMode(CreateMode.EPHEMERAL)
          .forPath(reads.paths().owner(p), data);
      return new Created(p, stat.getCzxid(), stat.getEphemeralOwner());
    } catch (KeeperException.NodeExistsException e) {
      ZooKeeper zk = reads.handle();
      NodeCheck c = reads.check(List.of(p), null).get(0);
      if (zk == null || c.state() == NodeState.FAILED) {
        return new Failed(p, true, false);
      }
      return c.state() == NodeState.EXISTS && c.owner() == zk.getSessionId()
          ? new Created(p, c.czxid(), c.owner()) // our own batch's
          : new Taken(p, c.owner()); // 0 if it vanished meanwhile
    } catch (KeeperException e) {
      return failed(p, e.code());
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      return new Failed(p, true, false);
    }
  }

  private static Failed failed(int p, KeeperException.Code code) {
    return new Failed(p, isConnectionProblem(code), code == KeeperException.Code.NONODE);
  }

  /** Whether a request failing with {@code code} may have been applied anyway. */
  private static boolean isConnectionProblem(KeeperException.Code code) {
    return code == KeeperException.Code.CONNECTIONLOSS
        || code == KeeperException.Code.SESSIONEXPIRED
        || code == KeeperException.Code.SESSIONMOVED
        || code == KeeperException.Code.OPERATIONTIMEOUT;
  }

  /** Deletes through session {@code sessionId} only, in batches; returns those gone. */
  List<Integer> delete(List<Integer> partitions, long sessionId) {
    List<Integer> gone = new ArrayList<>();
    try {
      ZooKeeper zk = reads.handle();
      if (zk == null || zk.getSessionId() != sessionId) {
        return gone;
      }
      for (int i = 0; i < partitions.size(); i += BATCH) {
        List<Integer> batch = partitions.subList(i, Math.min(partitions.size(), i + BATCH));
        List<Op> ops = new ArrayList<>(batch.size());
        batch.forEach(p -> ops.add(Op.delete(reads.raw(p), -1)));
        try {
          zk.multi(ops);
          gone.addAll(batch);
          continue;
        } catch (KeeperException e) {
          if (isConnectionProblem(e.code())) {
            return gone; // the rest failed; the machine verifies them before deleting again
          }
        }
        for (int p : batch) {
          try {
            zk.delete(reads.raw(p), -1);
            gone.add(p);
          } catch (KeeperException.NoNodeException e) {
            gone.add(p);
          } catch (KeeperException e) {
            log.debug("cannot delete the ownership znode of {} now: {}", p, e.code());
            if (isConnectionProblem(e.code())) {
              return gone;
            }
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the loop is being stopped
    }
    return gone;
  }

  List<NodeCheck> check(List<Integer> partitions, @Nullable Watcher watch) {
    return reads.check(partitions, watch);
  }
}
