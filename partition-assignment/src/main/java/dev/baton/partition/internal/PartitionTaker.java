package dev.baton.partition.internal;

import dev.baton.recipes.RevocationReason;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.internal.record.OwnerRecord;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Taking partitions for an {@link OwnershipLoop}: creates the ownership znodes of the partitions assigned
 * to the member (one multi per batch), waits for the ones whose znode still exists to be freed, and
 * watches the ones taken, ending the term of a partition whose znode someone else deleted. Confined to
 * the ownership loop (watch events only enqueue work on it).
 */
final class PartitionTaker {
  /** Logs as the ownership loop, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);

  private final OwnershipLoop ownership;
  private final LoopThread loop;
  private final Holdings holdings;
  private final CuratorFramework client;
  private final GroupPaths paths;
  private final String me;
  private final OwnerNodes owners;
  private final LoopThread.Coalesced reconcileSoon;
  private final Watcher waitWatcher = this::onWaitEvent;
  private final Watcher ownWatcher = this::onOwnEvent;

  // Loop-confined state.
  private final Set<Integer> waiting = new HashSet<>();
  private boolean parentsChecked;

  PartitionTaker(OwnershipLoop ownership, LoopThread loop, Holdings holdings, CuratorFramework client,
      GroupPaths paths, String me, OwnerNodes owners) {
    this.ownership = ownership;
    this.loop = loop;
    this.holdings = holdings;
    this.client = client;
    this.paths = paths;
    this.me = me;
    this.owners = owners;
    this.reconcileSoon = loop.coalesced(OwnershipLoop.BATCH_WINDOW_MS, ownership::reconcile);
  }

  /** The session ended: forgets the partitions waited for. */
  void clear() {
    waiting.clear();
  }

  /** Checks the ownership znode of partition {@code p} and watches it. */
  Stat checkOwn(int p) throws Exception {
    return client.checkExists().usingWatcher(ownWatcher).forPath(paths.owner(p));
  }

  /** Takes the partitions {@code current} assigns to this member that it neither holds nor waits for. */
  void takeAssigned(AssignmentRecord current) {
    SortedSet<Integer> mine = current.partitionsOf(me);
    List<Integer> take = new ArrayList<>();
    long now = System.nanoTime();
    for (int p : mine) {
      if (!holdings.holds(p) && !waiting.contains(p)) {
        take.add(p);
        holdings.pending(p, now);
      }
    }
    holdings.keepPending(mine);
    if (!take.isEmpty()) {
      take(take, current.generation());
    }
  }

  private void take(List<Integer> partitions, long generation) {
    byte[] data = new OwnerRecord(me, generation).encode();
    List<OwnerNodes.Take> results;
    try {
      ensureOwnersParent();
      results = owners.create(partitions, data);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    for (OwnerNodes.Take t : results) {
      if (t instanceof OwnerNodes.Created c) {
        HeldPartition h = holdings.took(c.partition(), c.czxid(), generation);
        if (h != null) {
          watchOwn(c.partition(), c.czxid());
        }
      } else if (t instanceof OwnerNodes.Taken k) {
        waitFor(k.partition(), k.ephemeralOwner());
      } else if (t instanceof OwnerNodes.Failed f) {
        if (f.code() == KeeperException.Code.NONODE) {
          parentsChecked = false; // the group was wiped: recreate its parents on the retry
        }
        log.debug("member {}: taking partition {} failed ({}); retrying", me, f.partition(), f.code());
        ownership.scheduleRetry();
      }
    }
  }

  private void waitFor(int p, long ephemeralOwner) {
    // Even a znode of an earlier session of this member is left to expire with that session: deleting
    // by path could delete the next owner's znode if that session expired in between.
    try {
      if (client.checkExists().usingWatcher(waitWatcher).forPath(paths.owner(p)) == null) {
        reconcileSoon.request(); // freed between our create and this check: take it now
      } else {
        waiting.add(p);
      }
    } catch (Exception e) {
      log.debug("member {}: cannot watch partition {}: {}", me, p, e.toString());
      ownership.scheduleRetry();
    }
  }

  private void onWaitEvent(WatchedEvent e) {
    if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
      int p = partitionOf(e.getPath());
      loop.execute(() -> {
        waiting.remove(p);
        reconcileSoon.request(); // the partitions released together are taken in one multi
      });
    }
  }

  private void onOwnEvent(WatchedEvent e) {
    if (e.getType() != Watcher.Event.EventType.NodeDeleted) {
      return;
    }
    int p = partitionOf(e.getPath());
    loop.execute(() -> {
      HeldPartition h = holdings.get(p);
      if (h == null || h.releasing || !ownership.isConnected()) {
        return;
      }
      try {
        Stat stat = client.checkExists().forPath(paths.owner(p));
        if (stat != null && stat.getCzxid() == h.czxid) {
          return; // the event was about an earlier znode of this partition
        }
      } catch (Exception ex) {
        log.debug("member {}: cannot check partition {}: {}", me, p, ex.toString());
        return; // the reconnect re-verifies it
      }
      log.warn("member {}: the ownership znode of partition {} was deleted by someone else", me, p);
      holdings.endTerm(h, RevocationReason.NODE_DELETED);
      holdings.remove(p);
      ownership.reconcile();
    });
  }

  private void ensureOwnersParent() {
    if (!parentsChecked) {
      GroupNodes.ensure(client, paths);
      parentsChecked = true;
    }
  }

  /** Watches our own ownership znode; if it is already gone (or not ours), ends the term. */
  private void watchOwn(int p, long czxid) {
    try {
      client.checkExists().usingWatcher(ownWatcher).inBackground((c, event) -> {
        Stat stat = event.getStat();
        boolean gone = event.getResultCode() == KeeperException.Code.NONODE.intValue()
            || (stat != null && stat.getCzxid() != czxid);
        if (gone) {
          onOwnEvent(new WatchedEvent(Watcher.Event.EventType.NodeDeleted,
              Watcher.Event.KeeperState.SyncConnected, paths.owner(p)));
        }
      }).forPath(paths.owner(p));
    } catch (Exception e) {
      log.debug("member {}: cannot watch partition {}: {}", me, p, e.toString());
    }
  }

  private static int partitionOf(String path) {
    return Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
  }
}
