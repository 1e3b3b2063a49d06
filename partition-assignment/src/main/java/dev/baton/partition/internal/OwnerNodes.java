package dev.baton.partition.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and deletes ownership znodes in batches: one multi per {@value #BATCH} partitions, falling back
 * to one request per partition when a batch fails (a multi is all or nothing). A multi is one ZooKeeper
 * transaction, so every znode it creates has the same czxid, the transaction's zxid; one read of the
 * first znode gives the token of the whole batch. Blocking; called on the member's loop thread.
 */
final class OwnerNodes {
  private static final Logger log = LoggerFactory.getLogger(OwnerNodes.class);
  static final int BATCH = 500;

  /** The outcome of taking one partition. */
  sealed interface Take permits Created, Taken, Failed {}

  /** The ownership znode was created with creation zxid {@code czxid}. */
  record Created(int partition, long czxid) implements Take {}

  /** Another ownership znode exists, held by session {@code ephemeralOwner} (0 if it just vanished). */
  record Taken(int partition, long ephemeralOwner) implements Take {}

  /** ZooKeeper refused or failed. */
  record Failed(int partition, KeeperException.Code code) implements Take {}

  private final CuratorFramework client;
  private final GroupPaths paths;

  OwnerNodes(CuratorFramework client, GroupPaths paths) {
    this.client = client;
    this.paths = paths;
  }

  List<Take> create(List<Integer> partitions, byte[] data) throws InterruptedException {
    List<Take> out = new ArrayList<>(partitions.size());
    for (int i = 0; i < partitions.size(); i += BATCH) {
      out.addAll(createBatch(partitions.subList(i, Math.min(partitions.size(), i + BATCH)), data));
    }
    return out;
  }

  private List<Take> createBatch(List<Integer> batch, byte[] data) throws InterruptedException {
    List<Take> out = new ArrayList<>(batch.size());
    MultiOutcome first = multiCreate(batch, data, out);
    if (first != MultiOutcome.CONFLICT) {
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
      if (existing.contains(Integer.toString(p))) {
        present.add(p);
      } else {
        free.add(p);
      }
    }
    classifyExisting(present, out);
    if (free.isEmpty()) {
      return out;
    }
    if (multiCreate(free, data, out) != MultiOutcome.CONFLICT) {
      return out; // (also when the listing found none: they were released since the first try)
    }
    for (int p : free) {
      out.add(one(p, data));
    }
    return out;
  }

  private enum MultiOutcome { DONE, CONFLICT }

  /** One multi creating every znode of {@code batch}; adds the outcomes to {@code out} unless CONFLICT. */
  private MultiOutcome multiCreate(List<Integer> batch, byte[] data, List<Take> out)
      throws InterruptedException {
    try {
      List<CuratorOp> ops = new ArrayList<>(batch.size());
      for (int p : batch) {
        ops.add(client.transactionOp().create().withMode(CreateMode.EPHEMERAL).forPath(paths.owner(p), data));
      }
      client.transaction().forOperations(ops);
      // One multi is one transaction: every znode it created has the transaction's zxid as czxid.
      Stat first = client.checkExists().forPath(paths.owner(batch.get(0)));
      if (first != null && first.getEphemeralOwner() == sessionId()) {
        batch.forEach(p -> out.add(new Created(p, first.getCzxid())));
        return MultiOutcome.DONE;
      }
      return MultiOutcome.CONFLICT; // gone already: sort it out one by one
    } catch (KeeperException e) {
      if (isConnectionProblem(e.code())) {
        batch.forEach(p -> out.add(new Failed(p, e.code())));
        return MultiOutcome.DONE;
      }
      return MultiOutcome.CONFLICT;
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      batch.forEach(p -> out.add(new Failed(p, KeeperException.Code.SYSTEMERROR)));
      return MultiOutcome.DONE;
    }
  }

  /**
   * Tells, for znodes that exist, whose they are: one of this session's own is {@code Created} (a create
   * of ours whose success was not recorded, e.g. a request Curator retried on the new session after a
   * client-side expiry while the old session's terms were being forgotten; waiting for it to go would
   * wait forever), another session's is {@code Taken}. The checks are pipelined: one round trip.
   */
  private void classifyExisting(List<Integer> present, List<Take> out) throws InterruptedException {
    if (present.isEmpty()) {
      return;
    }
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (Exception e) {
      present.forEach(p -> out.add(new Failed(p, KeeperException.Code.CONNECTIONLOSS)));
      return;
    }
    long session = zk.getSessionId();
    Map<Integer, CompletableFuture<Stat>> stats = new LinkedHashMap<>();
    for (int p : present) {
      CompletableFuture<Stat> stat = new CompletableFuture<>();
      zk.exists(raw(paths.owner(p)), false, (rc, path, ctx, found) -> {
        KeeperException.Code code = KeeperException.Code.get(rc);
        if (code == KeeperException.Code.OK || code == KeeperException.Code.NONODE) {
          stat.complete(found); // null when it went since the listing
        } else {
          stat.completeExceptionally(KeeperException.create(code, path));
        }
      }, null);
      stats.put(p, stat);
    }
    long timeoutMs = client.getZookeeperClient().getConnectionTimeoutMs();
    for (Map.Entry<Integer, CompletableFuture<Stat>> e : stats.entrySet()) {
      int p = e.getKey();
      try {
        Stat found = e.getValue().get(timeoutMs, TimeUnit.MILLISECONDS);
        if (found != null && found.getEphemeralOwner() == session) {
          out.add(new Created(p, found.getCzxid()));
        } else {
          out.add(new Taken(p, found == null ? 0 : found.getEphemeralOwner()));
        }
      } catch (ExecutionException ex) {
        out.add(new Failed(p, ex.getCause() instanceof KeeperException k ? k.code()
            : KeeperException.Code.SYSTEMERROR));
      } catch (TimeoutException ex) {
        out.add(new Failed(p, KeeperException.Code.OPERATIONTIMEOUT));
      }
    }
  }

  private Take one(int p, byte[] data) throws InterruptedException {
    String path = paths.owner(p);
    try {
      Stat stat = new Stat();
      client.create().storingStatIn(stat).withMode(CreateMode.EPHEMERAL).forPath(path, data);
      return new Created(p, stat.getCzxid());
    } catch (KeeperException.NodeExistsException e) {
      try {
        Stat existing = client.checkExists().forPath(path);
        if (existing != null && existing.getEphemeralOwner() == sessionId()) {
          return new Created(p, existing.getCzxid()); // created by our own batch above
        }
        return new Taken(p, existing == null ? 0 : existing.getEphemeralOwner());
      } catch (KeeperException e2) {
        return new Failed(p, e2.code());
      } catch (InterruptedException e2) {
        throw e2;
      } catch (Exception e2) {
        return new Failed(p, KeeperException.Code.SYSTEMERROR);
      }
    } catch (KeeperException e) {
      return new Failed(p, e.code());
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      return new Failed(p, KeeperException.Code.SYSTEMERROR);
    }
  }

  /**
   * Deletes the ownership znodes of {@code partitions}, which session {@code sessionId} created. Uses the
   * session's own ZooKeeper handle, without Curator's retries, and only while that handle still belongs
   * to {@code sessionId}: a delete by path retried on a later session could remove the next owner's
   * znode.
   *
   * @return the partitions whose znode is gone now (deleted, or already absent)
   */
  List<Integer> delete(List<Integer> partitions, long sessionId) throws InterruptedException {
    List<Integer> gone = new ArrayList<>();
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (Exception e) {
      return gone;
    }
    if (zk.getSessionId() != sessionId) {
      return gone;
    }
    for (int i = 0; i < partitions.size(); i += BATCH) {
      List<Integer> batch = partitions.subList(i, Math.min(partitions.size(), i + BATCH));
      List<Op> ops = new ArrayList<>(batch.size());
      batch.forEach(p -> ops.add(Op.delete(raw(paths.owner(p)), -1)));
      try {
        zk.multi(ops);
        gone.addAll(batch);
        continue;
      } catch (KeeperException e) {
        if (isConnectionProblem(e.code())) {
          return gone; // the caller re-queues the rest; a reconnect within the session retries
        }
      }
      for (int p : batch) {
        try {
          zk.delete(raw(paths.owner(p)), -1);
          gone.add(p);
        } catch (KeeperException.NoNodeException e) {
          gone.add(p);
        } catch (KeeperException e) {
          log.debug("cannot delete the ownership znode of {} now: {}", p, e.code());
        }
      }
    }
    return gone;
  }

  private String raw(String path) {
    return ZKPaths.fixForNamespace(client.getNamespace(), path);
  }

  static boolean isConnectionProblem(KeeperException.Code code) {
    return code == KeeperException.Code.CONNECTIONLOSS || code == KeeperException.Code.SESSIONEXPIRED
        || code == KeeperException.Code.SESSIONMOVED || code == KeeperException.Code.OPERATIONTIMEOUT;
  }

  private long sessionId() throws Exception {
    return client.getZookeeperClient().getZooKeeper().getSessionId();
  }
}
