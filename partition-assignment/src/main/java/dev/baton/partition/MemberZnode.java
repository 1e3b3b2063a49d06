// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberEvent.JoinOutcome;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's ephemeral znode under {@code members/}. Joining adopts one of this session, deletes
 * one of an earlier session of this member, and otherwise (another process has the id) waits,
 * watching it, and reports the conflict: two processes never take partitions under one id.
 */
final class MemberZnode {
  private static final Logger log = LoggerFactory.getLogger(MemberZnode.class);

  /** An attempt's outcome: JOINED, DUPLICATE, FAILED, or retry at once (an earlier znode went). */
  private enum Attempt {
    JOINED,
    DUPLICATE,
    FAILED,
    AGAIN
  }

  private final CuratorFramework client;
  private final String path;
  private final byte[] data;
  private long conflictingSession;

  static Watcher onDeleted(Runnable deleted) {
    return e -> {
      if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
        deleted.run();
      }
    };
  }

  MemberZnode(CuratorFramework client, String path, byte[] data) {
    this.client = client;
    this.path = path;
    this.data = data;
  }

  /** Joins in {@code sessionId}; {@code onGone} hears (on a ZooKeeper thread) of a deletion. */
  JoinOutcome join(long sessionId, Set<Long> ownEarlierSessions, Watcher onGone) {
    Attempt result = attempt(sessionId, ownEarlierSessions, onGone);
    if (result == Attempt.AGAIN) { // an earlier session's znode was just deleted: create ours now
      result = attempt(sessionId, ownEarlierSessions, onGone);
    }
    return switch (result) {
      case JOINED -> JoinOutcome.JOINED;
      case DUPLICATE -> JoinOutcome.DUPLICATE;
      case FAILED, AGAIN -> JoinOutcome.FAILED;
    };
  }

  private Attempt attempt(long sessionId, Set<Long> ownEarlierSessions, Watcher onGone) {
    try {
      client.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath(path, data);
      conflictingSession = 0;
      watchOwn(onGone);
      return Attempt.JOINED;
    } catch (KeeperException.NodeExistsException e) {
      return existing(sessionId, ownEarlierSessions, onGone);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
      return Attempt.FAILED;
    } catch (Exception e) {
      log.warn("cannot create member znode {}; will retry: {}", path, e.toString());
      return Attempt.FAILED;
    }
  }

  /** Watches the member's own znode: its deletion (by anyone) makes the member join again. */
  private void watchOwn(Watcher onGone) {
    try {
      client.checkExists().usingWatcher(onGone).forPath(path);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
    } catch (Exception e) {
      log.warn("cannot watch member znode {}: {}", path, e.toString());
    }
  }

  private Attempt existing(long sessionId, Set<Long> ownEarlierSessions, Watcher onGone) {
    try {
      Stat stat = client.checkExists().usingWatcher(onGone).forPath(path);
      if (stat == null) {
        return Attempt.AGAIN; // gone since the create: try again now
      }
      long owner = stat.getEphemeralOwner();
      if (owner == sessionId) {
        return Attempt.JOINED; // the watch above covers its deletion
      }
      if (ownEarlierSessions.contains(owner)) {
        client.delete().withVersion(stat.getVersion()).forPath(path);
        return Attempt.AGAIN;
      }
      if (owner != conflictingSession) {
        conflictingSession = owner;
        log.warn(
            "member id {} is in use by another session (0x{}): another process has the same "
                + "member id, or this member restarted and its old session has not expired yet; waiting "
                + "for that znode to go before taking any partition",
            path,
            Long.toHexString(owner));
      }
      return Attempt.DUPLICATE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
      return Attempt.FAILED;
    } catch (Exception e) {
      log.warn("cannot inspect member znode {}; will retry: {}", path, e.toString());
      return Attempt.FAILED;
    }
  }

  /** Deletes the node if this session owns it. */
  void leave(long sessionId) {
    try {
      Stat stat = client.checkExists().forPath(path);
      if (stat != null && stat.getEphemeralOwner() == sessionId) {
        client.delete().withVersion(stat.getVersion()).forPath(path);
      }
    } catch (KeeperException.NoNodeException e) {
      log.debug("member znode {} already gone", path);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the znode goes with the session
    } catch (Exception e) {
      log.warn("cannot delete member znode {}; it goes with the session: {}", path, e.toString());
    }
  }
}
