// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group's other znodes (not ownership or member): blocking reads, watched or not, the partition
 * set's write, the assigner's fenced publication and the parents. Absent is null; other failures
 * throw. Watches fire on ZooKeeper's event thread: enqueue only.
 */
record Znodes(CuratorFramework client) {
  private static final Logger log = LoggerFactory.getLogger(Znodes.class);
  private static final long READ_ALL_TIMEOUT_SECONDS = 30;

  public record Data(byte[] bytes, long czxid, long ctime, long owner, int version) {
    static Data of(byte[] bytes, Stat stat) {
      return new Data(
          bytes, stat.getCzxid(), stat.getCtime(), stat.getEphemeralOwner(), stat.getVersion());
    }
  }

  public enum Outcome {
    WRITTEN,
    /** The guard znode is gone: the term that wrote is over. */
    TERM_OVER,
    /** The znode changed since it was read (or was created meanwhile). */
    CONFLICT,
    FAILED
  }

  /** A fenced write's outcome, the znode's new version when written, and the failure, if any. */
  public record Written(Outcome outcome, int version, @Nullable Exception cause) {}

  /** A watcher of every change of a watched znode; reuse it (one watch per znode in ZooKeeper). */
  public static Watcher onChange(Runnable changed) {
    return e -> {
      if (e.getType() != Watcher.Event.EventType.None) {
        changed.run();
      }
    };
  }

  public @Nullable Data read(String path) throws Exception {
    Stat stat = new Stat();
    try {
      return Data.of(client.getData().storingStatIn(stat).forPath(path), stat);
    } catch (KeeperException.NoNodeException e) {
      return null;
    }
  }

  /** A watched read: the znode, or null while it is absent, with a watch on its creation. */
  public @Nullable Data readWatched(String path, Watcher watch) throws Exception {
    while (true) {
      Stat stat = new Stat();
      try {
        return Data.of(
            client.getData().storingStatIn(stat).usingWatcher(watch).forPath(path), stat);
      } catch (KeeperException.NoNodeException e) {
        if (client.checkExists().usingWatcher(watch).forPath(path) == null) {
          return null;
        } // created in between: read it
      }
    }
  }

  /** The children, or null if absent; {@code watch} (if any) watches them or the creation. */
  public @Nullable List<String> children(String path, @Nullable Watcher watch) throws Exception {
    try {
      return watch == null
          ? client.getChildren().forPath(path)
          : client.getChildren().usingWatcher(watch).forPath(path);
    } catch (KeeperException.NoNodeException e) {
      if (watch != null) {
        client.checkExists().usingWatcher(watch).forPath(path);
      }
      return null;
    }
  }

  /** Reads {@code paths} with pipelined requests, by path, in order; absent ones are left out. */
  public Map<String, Data> readAll(List<String> paths) throws Exception {
    Map<String, CompletableFuture<@Nullable Data>> pending = new LinkedHashMap<>();
    for (String path : paths) {
      CompletableFuture<@Nullable Data> read = new CompletableFuture<>();
      client
          .getData()
          .inBackground(
              (c, e) ->
                  read.complete(
                      e.getResultCode() == KeeperException.Code.OK.intValue()
                          ? Data.of(e.getData(), e.getStat())
                          : null)) // gone while we read
          .forPath(path);
      pending.put(path, read);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READ_ALL_TIMEOUT_SECONDS);
    Map<String, Data> out = new LinkedHashMap<>();
    for (Map.Entry<String, CompletableFuture<@Nullable Data>> e : pending.entrySet()) {
      Data data = e.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (data != null) {
        out.put(e.getKey(), data);
      }
    }
    return out;
  }

  /** Writes {@code data} at {@code path}, creating it (and its parents) if absent. */
  public void write(String path, byte[] data) throws Exception {
    try {
      client.setData().forPath(path, data);
    } catch (KeeperException.NoNodeException e) {
      client.create().orSetData().creatingParentsIfNeeded().forPath(path, data);
    }
  }

  /**
   * Writes {@code data} over {@code version} (-1: creates it) in a multi checking {@code guard}
   * exists: a deposed writer writes nothing; two writers never overwrite each other. A missing
   * parent remakes the parents, and fails.
   */
  public Written writeGuarded(
      String guard, String path, byte[] data, int version, GroupPaths paths) {
    try {
      CuratorOp check = client.transactionOp().check().forPath(guard);
      CuratorOp write =
          version < 0
              ? client.transactionOp().create().forPath(path, data)
              : client.transactionOp().setData().withVersion(version).forPath(path, data);
      Stat stat = client.transaction().forOperations(check, write).get(1).getResultStat();
      return new Written(Outcome.WRITTEN, stat == null ? version + 1 : stat.getVersion(), null);
    } catch (KeeperException e) {
      List<OpResult> results = e.getResults();
      if (results != null
          && !results.isEmpty()
          && results.get(0) instanceof OpResult.ErrorResult r
          && r.getErr() == KeeperException.Code.NONODE.intValue()) {
        return new Written(Outcome.TERM_OVER, version, e);
      }
      if (e.code() == KeeperException.Code.BADVERSION
          || e.code() == KeeperException.Code.NODEEXISTS) {
        return new Written(Outcome.CONFLICT, version, e);
      }
      if (e.code() == KeeperException.Code.NONODE) {
        ensureParents(paths); // the group was wiped
      }
      return new Written(Outcome.FAILED, version, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
      return new Written(Outcome.FAILED, version, e);
    } catch (Exception e) {
      return new Written(Outcome.FAILED, version, e);
    }
  }

  /** Creates the group's parents ({@code members}, {@code owners}) if missing; best effort. */
  public void ensureParents(GroupPaths paths) {
    for (String path : List.of(paths.members(), paths.owners())) {
      try {
        if (client.checkExists().forPath(path) == null) {
          client.create().creatingParentsIfNeeded().forPath(path);
        }
      } catch (KeeperException.NodeExistsException e) {
        log.debug("{} created concurrently", path);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // stop; the caller's own operations fail and say so
        return;
      } catch (Exception e) {
        log.warn("cannot create {}: {}", path, e.toString());
      }
    }
  }
}
