package dev.baton.recipes.lock;

import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.election.internal.CandidateData;
import dev.baton.recipes.election.internal.CandidateName;
import dev.baton.recipes.election.internal.CandidateOrder;
import dev.baton.recipes.election.internal.CandidateOrder.Decision;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * One attempt to take the lock, on the caller's thread: queue a protected ephemeral sequential znode,
 * then hold if first, else wait for the immediate predecessor to go. On timeout or interrupt the znode
 * is deleted again.
 */
final class LockAttempt {
  interface HoldFactory {
    FencedLock.Hold create(String nodePath, long czxid);
  }

  private final CuratorFramework client;
  private final LockConfig config;
  private final HoldFactory holds;
  private final String key = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);

  LockAttempt(CuratorFramework client, LockConfig config, HoldFactory holds) {
    this.client = client;
    this.config = config;
    this.holds = holds;
  }

  Optional<FencedLock.Hold> run(long deadline) throws InterruptedException {
    String node = null;
    try {
      Stat stat = new Stat();
      node = create(stat);
      while (true) {
        List<CandidateName> queue = CandidateOrder.order(client.getChildren().forPath(config.path()),
            ignored -> { });
        Decision d = CandidateOrder.decide(node, queue);
        switch (d.kind()) {
          case LEAD -> {
            FencedLock.Hold h = holds.create(ZKPaths.makePath(config.path(), node), stat.getCzxid());
            node = null; // handed over: not deleted in finally
            return Optional.of(h);
          }
          case ABSENT -> node = create(stat); // the session expired while waiting: queue again
          case FOLLOW -> {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
              return Optional.empty();
            }
            CountDownLatch gone = new CountDownLatch(1);
            try {
              client.getData().usingWatcher((org.apache.zookeeper.Watcher) e -> gone.countDown())
                  .forPath(ZKPaths.makePath(config.path(), d.predecessor()));
              gone.await(left, TimeUnit.NANOSECONDS);
            } catch (KeeperException.NoNodeException alreadyGone) {
              // look again at once
            }
          }
          default -> throw new IllegalStateException(d.toString());
        }
      }
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException("cannot acquire the lock " + config.path() + ": " + e, e);
    } finally {
      if (node != null) {
        deleteOwnQuietly(ZKPaths.makePath(config.path(), node));
      }
    }
  }

  private String create(Stat stat) throws Exception {
    String created = client.create().storingStatIn(stat).creatingParentContainersIfNeeded()
        .withProtection().withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
        .forPath(ZKPaths.makePath(config.path(), CandidateName.prefixFor(key)),
            CandidateData.encode(config.ownerId()));
    if (stat.getCzxid() == 0) {
      Stat found = client.checkExists().forPath(created);
      if (found != null) {
        copy(found, stat);
      }
    }
    return ZKPaths.getNodeFromPath(created);
  }

  private static void copy(Stat from, Stat to) {
    to.setCzxid(from.getCzxid());
    to.setVersion(from.getVersion());
    to.setEphemeralOwner(from.getEphemeralOwner());
  }

  /** Deletes the hold's own znode at version 0 (it is never written after creation). */
  static boolean deleteOwn(CuratorFramework client, String nodePath) {
    try {
      client.delete().withVersion(0).forPath(nodePath);
      return true;
    } catch (KeeperException.NoNodeException gone) {
      return false;
    } catch (Exception e) {
      throw new CoordinationException("cannot release the lock znode " + nodePath, e);
    }
  }

  private void deleteOwnQuietly(String nodePath) {
    try {
      deleteOwn(client, nodePath);
    } catch (CoordinationException e) {
      // the znode goes with the session; waiters watching it are told then
      org.slf4j.LoggerFactory.getLogger(LockAttempt.class).warn("could not withdraw {}", nodePath, e);
    }
  }
}
