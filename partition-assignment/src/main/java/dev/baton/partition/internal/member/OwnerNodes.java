// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.member.MemberEvent.Created;
import dev.baton.partition.internal.member.MemberEvent.Failed;
import dev.baton.partition.internal.member.MemberEvent.NodeCheck;
import dev.baton.partition.internal.member.MemberEvent.Take;
import dev.baton.partition.internal.member.MemberEvent.Taken;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * Creates ownership znodes in batches of up to {@value #BATCH}, one round trip per batch when they
 * are free: a multi creating them all, with a read of the first pipelined right behind it on the
 * same handle. ZooKeeper answers one session's requests in order, so the read sees the multi's
 * outcome; one multi is one transaction, so every znode it created has the transaction's zxid as
 * czxid, the token of the whole batch. The znodes created are not watched here: the machine watches
 * them once their terms began. A multi is all or nothing: when some znode still exists (its owner
 * is draining) the multi fails, and watched reads of every znode of the batch tell which exist and
 * whose they are (another session's are waited for, already watched); the absent ones are created
 * in another round. Every outcome names the session that owns the znode, so the machine tells its
 * own znodes from an earlier session's. Deletes are {@link OwnerDeletes}'; pipelined reads are
 * {@link OwnerChecks}'. Blocking; called on the member's loop.
 */
final class OwnerNodes {
  static final int BATCH = 500;

  /** Rounds of create-and-read per batch before falling back to one request per partition. */
  private static final int ROUNDS = 3;

  /** What a create found: one outcome per partition, and the partitions whose znode is watched. */
  record Outcome(List<Take> takes, Set<Integer> watched) {}

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final OwnerChecks checks;

  OwnerNodes(CuratorFramework client, GroupPaths paths, OwnerChecks checks) {
    this.client = client;
    this.paths = paths;
    this.checks = checks;
  }

  /**
   * One outcome per partition, in batch order; the znodes read after a failed multi are watched
   * with {@code watcher} (the outcome names them).
   */
  Outcome create(List<Integer> partitions, byte[] data, Watcher watcher)
      throws InterruptedException {
    List<Take> out = new ArrayList<>(partitions.size());
    Set<Integer> watched = new HashSet<>();
    for (int i = 0; i < partitions.size(); i += BATCH) {
      List<Integer> todo = partitions.subList(i, Math.min(partitions.size(), i + BATCH));
      for (int round = 0; round < ROUNDS && !todo.isEmpty(); round++) {
        todo = createAndRead(todo, data, watcher, out, watched);
      }
      for (int p : todo) { // still absent after every round (they keep coming and going)
        out.add(one(p, data));
      }
    }
    return new Outcome(out, watched);
  }

  /**
   * The multi and, pipelined behind it, a read of the first znode: its czxid and owner are the
   * whole batch's if the multi succeeded. If it failed because some znode exists, watched reads of
   * every znode tell which (a second round trip). Adds the settled outcomes to {@code out}; returns
   * the partitions whose znode is absent, to create again.
   */
  private List<Integer> createAndRead(
      List<Integer> todo, byte[] data, Watcher watcher, List<Take> out, Set<Integer> watched)
      throws InterruptedException {
    ZooKeeper zk;
    long session;
    CompletableFuture<KeeperException.Code> multi = new CompletableFuture<>();
    try {
      zk = client.getZookeeperClient().getZooKeeper();
      session = zk.getSessionId();
      List<CuratorOp> ops = new ArrayList<>(todo.size());
      for (int p : todo) {
        ops.add(
            client
                .transactionOp()
                .create()
                .withMode(CreateMode.EPHEMERAL)
                .forPath(paths.owner(p), data));
      }
      client
          .transaction()
          .inBackground(
              (c, event) -> multi.complete(KeeperException.Code.get(event.getResultCode())))
          .forOperations(ops);
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      todo.forEach(p -> out.add(new Failed(p, true, false)));
      return List.of();
    }
    long deadline = checks.deadline();
    NodeCheck first = checks.collect(checks.send(zk, todo.subList(0, 1), null), deadline).get(0);
    if (first.state() == MemberEvent.NodeState.FAILED) {
      todo.forEach(p -> out.add(new Failed(p, true, false))); // the multi's outcome is unknown
      return List.of();
    }
    KeeperException.Code code = await(multi, deadline);
    if (code == KeeperException.Code.OK
        && first.state() == MemberEvent.NodeState.EXISTS
        && first.owner() == session) {
      todo.forEach(p -> out.add(new Created(p, first.czxid(), session))); // one transaction
      return List.of();
    }
    if (code != KeeperException.Code.OK && code != KeeperException.Code.NODEEXISTS) {
      todo.forEach(p -> out.add(failed(p, code)));
      return List.of();
    }
    // Some znode existed (or the first went at once): which exist now, and whose? Watched, so
    // that the member hears when another session's goes.
    List<NodeCheck> found = checks.collect(checks.send(zk, todo, watcher), checks.deadline());
    List<Integer> absent = new ArrayList<>();
    for (NodeCheck c : found) {
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
    String path = paths.owner(p);
    try {
      Stat stat = new Stat();
      client.create().storingStatIn(stat).withMode(CreateMode.EPHEMERAL).forPath(path, data);
      return new Created(p, stat.getCzxid(), stat.getEphemeralOwner());
    } catch (KeeperException.NodeExistsException e) {
      try {
        Stat existing = client.checkExists().forPath(path);
        if (existing != null && existing.getEphemeralOwner() == sessionId()) {
          return new Created(
              p, existing.getCzxid(), existing.getEphemeralOwner()); // our own batch's
        }
        return new Taken(p, existing == null ? 0 : existing.getEphemeralOwner());
      } catch (KeeperException e2) {
        return failed(p, e2.code());
      } catch (InterruptedException e2) {
        throw e2;
      } catch (Exception e2) {
        return new Failed(p, true, false);
      }
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
  static boolean isConnectionProblem(KeeperException.Code code) {
    return code == KeeperException.Code.CONNECTIONLOSS
        || code == KeeperException.Code.SESSIONEXPIRED
        || code == KeeperException.Code.SESSIONMOVED
        || code == KeeperException.Code.OPERATIONTIMEOUT;
  }

  private long sessionId() throws Exception {
    return client.getZookeeperClient().getZooKeeper().getSessionId();
  }

  /** The partition an ownership znode's path names. */
  static int partitionOf(String path) {
    return Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
  }

  /** A watcher of ownership znodes is told about deletions only. */
  static boolean isDeletion(org.apache.zookeeper.WatchedEvent e) {
    return e.getType() == Watcher.Event.EventType.NodeDeleted && e.getPath() != null;
  }
}
