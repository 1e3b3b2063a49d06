package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.internal.CandidateOrder.Decision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The candidate's ZooKeeper I/O, all on one thread: keep exactly one znode of this candidate in the
 * queue, for the current session, and either lead or watch the immediate predecessor.
 *
 * <p>Every trigger (start, a watch, a reconnect, a resign) runs the same idempotent
 * {@link #reconcile()}: list the children; delete every znode of this candidate that is not its current
 * one (orphans of a create cut by connection loss, a node of an expired session the server has not
 * removed yet); create a znode if there is none; then lead if first, else watch the predecessor only.
 * A node is this candidate's only if its name carries the candidate's random key and its ephemeral owner
 * is the current session, so a reconnect never adopts a node that is about to vanish, and cleanup never
 * touches another candidate's node.
 */
final class CandidateLoop {
  private static final Logger log = LoggerFactory.getLogger(CandidateLoop.class);
  private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final int MAX_WARNED_NAMES = 1024;

  private final CuratorFramework client;
  private final ElectionConfig config;
  private final String key;
  private final ElectionMetrics metrics;
  private final ElectionCore core;
  private final ScheduledExecutorService executor;
  private final AtomicBoolean pending = new AtomicBoolean();
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final Watcher watcher = this::onWatch;
  /** Parsed names of the children seen in the last listing (loop thread only). */
  private final Map<String, Optional<CandidateName>> parsed = new HashMap<>();
  private final byte[] data;
  private volatile long reentryNotBefore = System.nanoTime();

  // Loop thread, or the closing thread; always under io.
  private String myNode;
  private long myNodeSession;
  private long myNodeCzxid;
  private long enteredAt;
  private volatile boolean closed;
  /** Held by every loop task and by {@link #close()}: the candidate's state is touched under it. */
  private final ReentrantLock io = new ReentrantLock();

  CandidateLoop(CuratorFramework client, ElectionConfig config, String key, ElectionMetrics metrics,
      ElectionCore core, String threadName) {
    this.client = client;
    this.config = config;
    this.key = key;
    this.metrics = metrics;
    this.core = core;
    this.data = CandidateData.encode(config.participantId());
    ScheduledThreadPoolExecutor ex = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "baton-election-" + threadName);
      t.setDaemon(true);
      return t;
    });
    ex.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    ex.setRemoveOnCancelPolicy(true);
    this.executor = ex;
  }

  void requestReconcile() {
    if (pending.compareAndSet(false, true)) {
      execute(() -> {
        pending.set(false);
        reconcileSafely();
      });
    }
  }

  /** After a lost session, the next znode is created no earlier than {@code delayNanos} from now. */
  void delayReentry(long delayNanos) {
    reentryNotBefore = System.nanoTime() + delayNanos;
  }

  /** Revokes {@code expected} (or any current term if null), deletes the znode and re-enters. */
  void resign(LeadershipHandle expected, RevocationReason reason) {
    execute(() -> {
      if (expected == null) {
        core.revoke(reason);
      } else if (!core.revokeIfCurrent(expected, reason)) {
        return;
      }
      try {
        deleteMyNode();
      } catch (Exception e) {
        log.warn("participant {} could not delete its znode on resign", config.participantId(), e);
      }
      reconcileSafely();
    });
  }

  /**
   * Deletes the candidate's znode and stops the loop. Runs on the caller's thread once no loop task is
   * in progress (no hand-off to the loop thread on the way to the successor).
   */
  void close() {
    io.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      deleteMyNode();
    } catch (Exception e) {
      throw new CoordinationException("could not delete the candidate znode", e);
    } finally {
      io.unlock();
      executor.shutdownNow();
    }
  }

  /** Runs {@code task} on the loop thread, exclusive with {@link #close()}, unless closed by then. */
  private void execute(Runnable task) {
    try {
      executor.execute(() -> {
        io.lock();
        try {
          if (!closed) {
            task.run();
          }
        } finally {
          io.unlock();
        }
      });
    } catch (RejectedExecutionException closedAlready) {
      log.debug("participant {}: loop closed, dropping a task", config.participantId());
    }
  }

  private void onWatch(WatchedEvent event) {
    if (event.getType() == Watcher.Event.EventType.None) {
      return; // connection events arrive through Curator's connection-state listener
    }
    metrics.watchEvent();
    requestReconcile();
  }

  private void reconcileSafely() {
    if (closed) {
      return;
    }
    try {
      reconcile();
    } catch (KeeperException.ConnectionLossException | KeeperException.SessionExpiredException
        | KeeperException.SessionMovedException e) {
      log.debug("participant {}: {}; waiting for the connection", config.participantId(), e.code());
      retryLater(RETRY_NANOS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (KeeperException.NoAuthException e) {
      log.warn("participant {} on {}: not authorized ({}); this session's identity needs create and"
          + " delete permission on the election path (see AclPolicy); retrying", config.participantId(),
          config.path(), e.getPath());
      retryLater(RETRY_NANOS);
    } catch (Exception e) {
      log.warn("participant {} on {}: unexpected error, retrying", config.participantId(),
          config.path(), e);
      retryLater(RETRY_NANOS);
    }
  }

  private void retryLater(long nanos) {
    try {
      executor.schedule(this::requestReconcile, nanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closedAlready) {
      log.debug("participant {}: loop closed", config.participantId());
    }
  }

  private void reconcile() throws Exception {
    Optional<Long> epoch = core.connectedEpoch();
    if (epoch.isEmpty()) {
      return; // a CONNECTED or RECONNECTED event will trigger the next pass
    }
    long wait = reentryNotBefore - System.nanoTime();
    if (wait > 0) {
      retryLater(wait);
      return;
    }
    long session = client.getZookeeperClient().getZooKeeper().getSessionId();
    if (myNode != null && myNodeSession != session) {
      // The session ended (Curator may already run a new one before its LOST event is delivered):
      // end the term now, before anything below lets a successor in.
      core.revoke(RevocationReason.SESSION_LOST);
    }
    List<CandidateName> queue = readQueue();
    boolean mine = myNode != null && myNodeSession == session;
    List<CandidateName> stale = new ArrayList<>();
    for (CandidateName c : queue) {
      if (!c.key().equals(key) || (mine && c.name().equals(myNode))) {
        continue;
      }
      if (!mine && adopt(c, session)) {
        mine = true;
      } else {
        stale.add(c);
      }
    }
    for (CandidateName c : stale) {
      deleteQuietly(c.name());
      log.info("participant {} removed its stale znode {}", config.participantId(), c.name());
    }
    queue.removeAll(stale);
    Decision decision = mine ? CandidateOrder.decide(myNode, queue) : null;
    if (decision == null || decision.kind() == Decision.Kind.ABSENT) {
      if (mine) {
        core.revoke(RevocationReason.NODE_DELETED);
      }
      myNode = null;
      create(session);
      requestReconcile();
      return;
    }
    if (decision.kind() == Decision.Kind.LEAD) {
      // The listing just showed the node, and it was verified to belong to this session when it was
      // created or adopted, and a watch on it reports its deletion: no further request is needed.
      core.lead(epoch.get(), FencingToken.of(config.path(), myNodeCzxid), myPath(),
          Duration.ofNanos(System.nanoTime() - enteredAt));
    } else {
      core.revoke(RevocationReason.NOT_LOWEST);
      try {
        client.getData().usingWatcher(watcher)
            .forPath(ZKPaths.makePath(config.path(), decision.predecessor()));
      } catch (KeeperException.NoNodeException gone) {
        requestReconcile();
      }
    }
  }

  private List<CandidateName> readQueue() throws Exception {
    List<String> children;
    try {
      children = client.getChildren().forPath(config.path());
    } catch (KeeperException.NoNodeException e) {
      children = List.of();
    }
    Set<String> live = new HashSet<>(children);
    parsed.keySet().retainAll(live);
    return new ArrayList<>(CandidateOrder.order(children,
        child -> parsed.computeIfAbsent(child, CandidateName::parse), this::ignored));
  }

  private boolean adopt(CandidateName c, long session) throws Exception {
    Stat stat = client.checkExists().forPath(ZKPaths.makePath(config.path(), c.name()));
    if (stat == null || stat.getEphemeralOwner() != session) {
      return false;
    }
    myNode = c.name();
    myNodeSession = session;
    myNodeCzxid = stat.getCzxid();
    enteredAt = System.nanoTime();
    log.info("participant {} adopted its znode {} after a failed create", config.participantId(),
        myNode);
    return watchOwnNode();
  }

  private void create(long session) throws Exception {
    Stat stat = new Stat();
    String created = client.create().storingStatIn(stat).creatingParentContainersIfNeeded()
        .withProtection().withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
        .forPath(ZKPaths.makePath(config.path(), CandidateName.prefixFor(key)), data);
    String name = ZKPaths.getNodeFromPath(created);
    if (stat.getCzxid() == 0) {
      Stat found = client.checkExists().forPath(created);
      stat = found == null ? stat : found;
    }
    if (stat.getEphemeralOwner() != session) {
      // The session changed while the create was in flight: the node belongs to a dead session.
      deleteQuietly(name);
      return;
    }
    myNode = name;
    myNodeSession = session;
    myNodeCzxid = stat.getCzxid();
    enteredAt = System.nanoTime();
    log.debug("participant {} entered {} as {}", config.participantId(), config.path(), name);
    watchOwnNode();
  }

  /**
   * Watches the candidate's own znode, once per znode, so that its deletion by anyone (an operator, a
   * wiped election path) is noticed at once, whether the candidate leads or follows.
   *
   * @return false if the node is already gone
   */
  private boolean watchOwnNode() throws Exception {
    try {
      client.getData().usingWatcher(watcher).forPath(myPath());
      return true;
    } catch (KeeperException.NoNodeException gone) {
      myNode = null;
      return false;
    }
  }

  private void deleteMyNode() throws Exception {
    String node = myNode;
    myNode = null;
    if (node != null && client.getZookeeperClient().isConnected()
        && myNodeSession == client.getZookeeperClient().getZooKeeper().getSessionId()) {
      deleteQuietly(node);
    }
  }

  private void deleteQuietly(String name) throws Exception {
    try {
      client.delete().forPath(ZKPaths.makePath(config.path(), name));
    } catch (KeeperException.NoNodeException alreadyGone) {
      log.debug("znode {} already gone", name);
    }
  }

  private String myPath() {
    return ZKPaths.makePath(config.path(), myNode);
  }

  private void ignored(String child) {
    metrics.ignoredChild();
    if (warned.size() < MAX_WARNED_NAMES && warned.add(child)) {
      log.warn("ignoring the foreign or malformed child '{}' under the election path {}",
          CandidateName.printable(child), config.path());
    }
  }
}
