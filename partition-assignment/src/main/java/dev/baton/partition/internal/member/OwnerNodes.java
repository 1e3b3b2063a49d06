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
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

/**
 * Creates ownership znodes in batches: one multi per {@value #BATCH} partitions, falling back to
 * one request per partition when a batch fails (a multi is all or nothing). A multi is one
 * ZooKeeper transaction, so every znode it creates has the same czxid, the transaction's zxid; one
 * read of the first znode gives the token of the whole batch. Every outcome names the session that
 * owns the znode, so the machine tells its own znodes from an earlier session's. Deletes are {@link
 * OwnerDeletes}'; pipelined reads are {@link OwnerChecks}'. Blocking; called on the member's loop.
 */
final class OwnerNodes {
  static final int BATCH = 500;

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final OwnerChecks checks;

  OwnerNodes(CuratorFramework client, GroupPaths paths, OwnerChecks checks) {
    this.client = client;
    this.paths = paths;
    this.checks = checks;
  }

  /** One outcome per partition, in the order given. */
  List<Take> create(List<Integer> partitions, byte[] data) throws InterruptedException {
    List<Take> out = new ArrayList<>(partitions.size());
    for (int i = 0; i < partitions.size(); i += BATCH) {
      out.addAll(createBatch(partitions.subList(i, Math.min(partitions.size(), i + BATCH)), data));
    }
    return out;
  }

  private List<Take> createBatch(List<Integer> batch, byte[] data) throws InterruptedException {
    List<Take> out = new ArrayList<>(batch.size());
    if (multiCreate(batch, data, out)) {
      return out;
    }
    // Some znodes still exist (their owners are draining): one listing tells which, and the free
    // ones are created in one multi instead of one request each.
    Set<String> existing;
    try {
      existing = new HashSet<>(client.getChildren().forPath(paths.owners()));
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      existing = Set.of();
    }
    List<Integer> free = new ArrayList<>();
    List<Integer> present = new ArrayList<>();
    for (int p : batch) {
      (existing.contains(Integer.toString(p)) ? present : free).add(p);
    }
    classifyExisting(present, out);
    if (free.isEmpty() || multiCreate(free, data, out)) {
      return out; // (also when the listing found none: they were released since the first try)
    }
    for (int p : free) {
      out.add(one(p, data));
    }
    return out;
  }

  /**
   * One multi creating every znode of {@code batch}; adds their outcomes to {@code out} and returns
   * true, unless some znode exists already (false: sort it out one by one).
   */
  private boolean multiCreate(List<Integer> batch, byte[] data, List<Take> out)
      throws InterruptedException {
    try {
      List<CuratorOp> ops = new ArrayList<>(batch.size());
      for (int p : batch) {
        ops.add(
            client
                .transactionOp()
                .create()
                .withMode(CreateMode.EPHEMERAL)
                .forPath(paths.owner(p), data));
      }
      client.transaction().forOperations(ops);
      // One multi is one transaction: every znode it created has the transaction's zxid as czxid.
      Stat first = client.checkExists().forPath(paths.owner(batch.get(0)));
      if (first != null && first.getEphemeralOwner() == sessionId()) {
        batch.forEach(p -> out.add(new Created(p, first.getCzxid(), first.getEphemeralOwner())));
        return true;
      }
      return false; // gone already: sort it out one by one
    } catch (KeeperException e) {
      if (isConnectionProblem(e.code())) {
        batch.forEach(p -> out.add(failed(p, e.code())));
        return true;
      }
      return false;
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      batch.forEach(p -> out.add(new Failed(p, true, false)));
      return true;
    }
  }

  /**
   * Tells, for znodes that exist, whose they are: one of this session's own is {@code Created} (a
   * create of ours whose success was not recorded, e.g. a request Curator retried on the new
   * session after a client-side expiry; waiting for it to go would wait forever), another session's
   * is {@code Taken}. The reads are pipelined: one round trip.
   */
  private void classifyExisting(List<Integer> present, List<Take> out) throws InterruptedException {
    if (present.isEmpty()) {
      return;
    }
    long session;
    try {
      session = sessionId();
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      present.forEach(p -> out.add(new Failed(p, true, false)));
      return;
    }
    for (NodeCheck c : checks.check(present, null)) {
      out.add(
          switch (c.state()) {
            case EXISTS ->
                c.owner() == session
                    ? new Created(c.partition(), c.czxid(), c.owner())
                    : new Taken(c.partition(), c.owner());
            case ABSENT ->
                new Taken(c.partition(), 0); // went since the listing: the check sees it free
            case FAILED -> new Failed(c.partition(), true, false);
          });
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
