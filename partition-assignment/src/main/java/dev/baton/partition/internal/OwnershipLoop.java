package dev.baton.partition.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.GroupConfig;
import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.PartitionLease;
import dev.baton.partition.PartitionRevocationReason;
import dev.baton.partition.strategy.MemberProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member side of partition ownership. All state lives on one loop thread, which does the ZooKeeper
 * I/O: it follows the published assignment, takes the partitions assigned to this member once their
 * ownership znode is free, and releases the ones assigned elsewhere after their {@code revoked} callback
 * has drained. Connection changes and watch events only enqueue work on the loop (the lease signals flip
 * at once, from the connection thread).
 *
 * <p>Safety rests on the ownership znode: a member takes a partition only by creating it, and deletes it
 * only after its own {@code revoked} returned (or the drain timeout passed); a partition whose znode
 * exists is never taken, so it never has two owners in ZooKeeper.
 */
public final class OwnershipLoop implements ConnectionStateListener {
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);
  private static final long RETRY_MS = 1000;
  /** Releases and wake-ups that arrive within this window share one multi. */
  private static final long BATCH_WINDOW_MS = 5;

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final String me;
  private final PartitionCallbacks callbacks;
  private final GroupMetrics metrics;
  private final OwnerNodes owners;
  private final MemberNode memberNode;
  private final ScheduledExecutorService loop;
  private final ConcurrentMap<Integer, LeaseHandle> active = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> released = new CompletableFuture<>();
  private final Watcher assignmentWatcher = this::onAssignmentEvent;
  private final Watcher waitWatcher = this::onWaitEvent;
  private final Watcher ownWatcher = this::onOwnEvent;
  private final Watcher memberWatcher = e -> execute(this::joinAndReconcile);

  // Loop-confined state.
  private AssignmentRecord assignment;
  private final SortedMap<Integer, Held> held = new TreeMap<>();
  private final Set<Integer> waiting = new HashSet<>();
  private final Map<Integer, Long> pendingSinceNanos = new HashMap<>();
  private final SortedSet<Integer> toDelete = new java.util.TreeSet<>();
  private final Set<Long> ownSessions = new HashSet<>();
  private long sessionId;
  private boolean connected;
  private boolean joined;
  private boolean duplicate;
  private boolean closing;
  private boolean retryScheduled;
  private boolean flushScheduled;
  private boolean reconcileScheduled;

  /** A partition whose ownership znode this member created in its current session. */
  private static final class Held {
    final long czxid;
    LeaseHandle lease;
    boolean callbackRevoked;
    boolean releasing;

    Held(long czxid, LeaseHandle lease) {
      this.czxid = czxid;
      this.lease = lease;
    }
  }

  public OwnershipLoop(CuratorFramework client, GroupPaths paths, GroupConfig config,
      MemberProfile profile, PartitionCallbacks callbacks, GroupMetrics metrics) {
    this.client = client;
    this.paths = paths;
    this.config = config;
    this.me = profile.id();
    this.callbacks = callbacks;
    this.metrics = metrics;
    this.owners = new OwnerNodes(client, paths);
    this.memberNode = new MemberNode(client, paths, profile);
    this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "baton-partition-" + me);
      t.setDaemon(true);
      return t;
    });
  }

  public void start() {
    client.getConnectionStateListenable().addListener(this);
    execute(() -> {
      if (client.getZookeeperClient().isConnected()) {
        onConnected();
      }
    });
  }

  /** The active leases, by partition. */
  public Map<Integer, PartitionLease> owned() {
    return Map.copyOf(active);
  }

  public boolean isJoined() {
    return joined;
  }

  public boolean isDuplicate() {
    return duplicate;
  }

  public long generation() {
    AssignmentRecord a = assignment;
    return a == null ? 0 : a.generation();
  }

  // ---- connection ----

  @Override
  public void stateChanged(CuratorFramework c, ConnectionState state) {
    switch (state) {
      case SUSPENDED, LOST -> {
        PartitionRevocationReason reason = state == ConnectionState.LOST
            ? PartitionRevocationReason.SESSION_LOST : PartitionRevocationReason.CONNECTION_SUSPENDED;
        active.values().forEach(l -> l.revoke(reason)); // the signal drops now, not after the queue
        execute(() -> onDisconnected(reason));
      }
      case CONNECTED, RECONNECTED -> execute(this::onConnected);
      default -> { }
    }
  }

  private void onDisconnected(PartitionRevocationReason reason) {
    connected = false;
    for (Map.Entry<Integer, Held> e : held.entrySet()) {
      endTerm(e.getKey(), e.getValue(), reason);
    }
    if (reason == PartitionRevocationReason.SESSION_LOST) {
      forgetSession();
    }
  }

  private void onConnected() {
    if (closing) {
      return;
    }
    long sid;
    try {
      sid = client.getZookeeperClient().getZooKeeper().getSessionId();
    } catch (Exception e) {
      log.warn("member {}: no ZooKeeper handle after connecting: {}", me, e.toString());
      return;
    }
    connected = true;
    if (sid != sessionId) {
      forgetSession();
      sessionId = sid;
      ownSessions.add(sid);
    } else {
      reverifyHeld();
    }
    readAssignment();
    joinAndReconcile();
  }

  private void forgetSession() {
    for (Map.Entry<Integer, Held> e : held.entrySet()) {
      endTerm(e.getKey(), e.getValue(), PartitionRevocationReason.SESSION_LOST);
    }
    held.clear();
    toDelete.clear();
    waiting.clear();
    joined = false;
    completeReleasedIfDone();
  }

  /** Same session after a reconnect: keep the znodes that are still ours, with their tokens. */
  private void reverifyHeld() {
    for (Map.Entry<Integer, Held> e : new ArrayList<>(held.entrySet())) {
      int p = e.getKey();
      Held h = e.getValue();
      Stat stat;
      try {
        stat = client.checkExists().usingWatcher(ownWatcher).forPath(paths.owner(p));
      } catch (Exception ex) {
        log.warn("member {}: cannot verify partition {} after reconnecting: {}", me, p, ex.toString());
        continue;
      }
      if (stat == null || stat.getCzxid() != h.czxid || stat.getEphemeralOwner() != sessionId) {
        held.remove(p);
        continue;
      }
      if (h.releasing) {
        toDelete.add(p);
      } else if (!h.lease.isActive() && isAssignedToMe(p)) {
        resume(p, h);
      }
    }
    flushDeletes();
  }

  private void resume(int p, Held h) {
    LeaseHandle old = h.lease;
    h.lease = new LeaseHandle(p, me, old.token(), old.ownerNodePath(), old.since(), old.generation());
    h.callbackRevoked = false;
    active.put(p, h.lease);
    metrics.assigned(null);
    callbacks.assigned(h.lease);
  }

  // ---- assignment ----

  private void onAssignmentEvent(WatchedEvent e) {
    if (e.getType() != Watcher.Event.EventType.None) {
      execute(() -> {
        readAssignment();
        reconcile();
      });
    }
  }

  private void readAssignment() {
    if (!connected || closing) {
      return;
    }
    try {
      byte[] data = client.getData().usingWatcher(assignmentWatcher).forPath(paths.assignment());
      try {
        assignment = AssignmentRecord.decode(paths.assignment(), data);
      } catch (MalformedRecordException bad) {
        metrics.malformedRecord();
        log.error("member {}: ignoring the assignment, keeping generation {}: {}", me, generation(),
            bad.getMessage());
      }
    } catch (KeeperException.NoNodeException e) {
      try {
        if (client.checkExists().usingWatcher(assignmentWatcher).forPath(paths.assignment()) != null) {
          readAssignment();
        }
      } catch (Exception ex) {
        log.warn("member {}: cannot watch the assignment: {}", me, ex.toString());
      }
    } catch (Exception e) {
      log.warn("member {}: cannot read the assignment: {}", me, e.toString());
    }
  }

  private boolean isAssignedToMe(int p) {
    return assignment != null && me.equals(assignment.owners().get(p));
  }

  // ---- reconcile ----

  private void joinAndReconcile() {
    if (!connected || closing) {
      return;
    }
    if (!joined) {
      MemberNode.Join j = memberNode.join(sessionId, ownSessions, memberWatcher);
      joined = j == MemberNode.Join.JOINED;
      duplicate = j == MemberNode.Join.DUPLICATE;
      if (j == MemberNode.Join.RETRY) {
        scheduleRetry();
      }
    }
    reconcile();
  }

  private void reconcile() {
    if (!connected || closing || assignment == null) {
      return;
    }
    for (Map.Entry<Integer, Held> e : new ArrayList<>(held.entrySet())) {
      int p = e.getKey();
      Held h = e.getValue();
      if (!h.releasing && !isAssignedToMe(p)) {
        release(p, h, assignment.partitions().contains(p)
            ? PartitionRevocationReason.REASSIGNED : PartitionRevocationReason.PARTITION_REMOVED);
      }
    }
    if (!joined) {
      return;
    }
    SortedSet<Integer> mine = assignment.partitionsOf(me);
    List<Integer> take = new ArrayList<>();
    long now = System.nanoTime();
    for (int p : mine) {
      if (!held.containsKey(p) && !waiting.contains(p)) {
        take.add(p);
        pendingSinceNanos.putIfAbsent(p, now);
      }
    }
    pendingSinceNanos.keySet().retainAll(mine);
    if (!take.isEmpty()) {
      take(take);
    }
  }

  private void take(List<Integer> partitions) {
    long generation = assignment.generation();
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
        took(c.partition(), c.czxid(), generation);
      } else if (t instanceof OwnerNodes.Taken k) {
        waitFor(k.partition(), k.ephemeralOwner());
      } else if (t instanceof OwnerNodes.Failed f) {
        if (f.code() == KeeperException.Code.NONODE) {
          parentsChecked = false; // the group was wiped: recreate its parents on the retry
        }
        log.debug("member {}: taking partition {} failed ({}); retrying", me, f.partition(), f.code());
        scheduleRetry();
      }
    }
  }

  private void took(int p, long czxid, long generation) {
    String path = paths.owner(p);
    LeaseHandle lease = new LeaseHandle(p, me, FencingToken.of(paths.tokenScope(p), czxid), path,
        config.clock().instant(), generation);
    held.put(p, new Held(czxid, lease));
    active.put(p, lease);
    Long since = pendingSinceNanos.remove(p);
    metrics.assigned(since == null ? null : Duration.ofNanos(System.nanoTime() - since));
    callbacks.assigned(lease);
    watchOwn(p, czxid);
  }

  private void waitFor(int p, long ephemeralOwner) {
    if (ephemeralOwner != sessionId && ownSessions.contains(ephemeralOwner)) {
      toDelete.add(p); // left by an earlier session of this member: its term already ended here
      flushDeletes();
      scheduleRetry();
      return;
    }
    try {
      if (client.checkExists().usingWatcher(waitWatcher).forPath(paths.owner(p)) == null) {
        scheduleRetry();
      } else {
        waiting.add(p);
      }
    } catch (Exception e) {
      log.debug("member {}: cannot watch partition {}: {}", me, p, e.toString());
      scheduleRetry();
    }
  }

  private void onWaitEvent(WatchedEvent e) {
    if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
      int p = partitionOf(e.getPath());
      execute(() -> {
        waiting.remove(p);
        scheduleReconcile(); // the partitions released together are taken in one multi
      });
    }
  }

  private void scheduleReconcile() {
    if (!reconcileScheduled) {
      reconcileScheduled = true;
      later(BATCH_WINDOW_MS, () -> {
        reconcileScheduled = false;
        reconcile();
      });
    }
  }

  private void onOwnEvent(WatchedEvent e) {
    if (e.getType() != Watcher.Event.EventType.NodeDeleted) {
      return;
    }
    int p = partitionOf(e.getPath());
    execute(() -> {
      Held h = held.get(p);
      if (h == null || h.releasing || !connected) {
        return;
      }
      log.warn("member {}: the ownership znode of partition {} was deleted by someone else", me, p);
      endTerm(p, h, PartitionRevocationReason.NODE_DELETED);
      held.remove(p);
      reconcile();
    });
  }

  // ---- release ----

  private void release(int p, Held h, PartitionRevocationReason reason) {
    h.releasing = true;
    CompletableFuture<Void> drained = endTerm(p, h, reason);
    long timeoutMs = config.drainTimeout().toMillis();
    drained.thenApply(v -> false).completeOnTimeout(true, timeoutMs, TimeUnit.MILLISECONDS)
        .thenAccept(timedOut -> execute(() -> afterDrain(p, h, timedOut)));
  }

  private void afterDrain(int p, Held h, boolean timedOut) {
    if (held.get(p) != h) {
      return; // the session ended meanwhile; the znode went with it
    }
    if (timedOut) {
      metrics.drainTimedOut();
      log.warn("member {}: revoked callback of partition {} (token {}) still running after {}; "
          + "releasing anyway: fence its writes", me, p, h.lease.token(), config.drainTimeout());
    }
    toDelete.add(p);
    if (!flushScheduled) { // the releases that finish together share one multi
      flushScheduled = true;
      later(BATCH_WINDOW_MS, () -> {
        flushScheduled = false;
        flushDeletes();
      });
    }
  }

  private void flushDeletes() {
    if (toDelete.isEmpty() || !connected) {
      return;
    }
    List<Integer> batch = new ArrayList<>(toDelete);
    toDelete.clear();
    List<Integer> gone;
    try {
      gone = owners.delete(batch);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    for (int p : gone) {
      Held h = held.get(p);
      if (h != null && h.releasing) {
        held.remove(p);
      }
    }
    if (gone.size() < batch.size()) {
      scheduleRetry();
    }
    completeReleasedIfDone();
    reconcile();
  }

  /** Ends the current term of {@code h}: signal, then the {@code revoked} callback, once. */
  private CompletableFuture<Void> endTerm(int p, Held h, PartitionRevocationReason reason) {
    h.lease.revoke(reason);
    active.remove(p, h.lease);
    if (h.callbackRevoked) {
      return CompletableFuture.completedFuture(null);
    }
    h.callbackRevoked = true;
    metrics.revoked(h.lease.revocationReason().orElse(reason));
    return callbacks.revoked(h.lease, h.lease.revocationReason().orElse(reason));
  }

  // ---- close ----

  /** Leaves the group: deletes the member znode, releases every partition after draining. */
  public CompletableFuture<Void> beginClose() {
    execute(() -> {
      if (connected) {
        memberNode.leave(sessionId);
      }
      closing = true;
      for (Map.Entry<Integer, Held> e : new ArrayList<>(held.entrySet())) {
        if (!e.getValue().releasing) {
          e.getValue().releasing = true;
          CompletableFuture<Void> drained = endTerm(e.getKey(), e.getValue(),
              PartitionRevocationReason.CLOSED);
          int p = e.getKey();
          Held h = e.getValue();
          drained.completeOnTimeout(null, config.drainTimeout().toMillis(), TimeUnit.MILLISECONDS)
              .thenRun(() -> execute(() -> closeRelease(p, h)));
        }
      }
      if (!connected) {
        forgetSession();
      }
      completeReleasedIfDone();
    });
    return released;
  }

  private void closeRelease(int p, Held h) {
    if (held.get(p) == h) {
      toDelete.add(p);
      flushDeletes();
    }
  }

  private void completeReleasedIfDone() {
    if (closing && held.isEmpty()) {
      released.complete(null);
    }
  }

  /** Stops the loop; call after {@link #beginClose()} completed or timed out. */
  public void shutdown() {
    client.getConnectionStateListenable().removeListener(this);
    execute(() -> {
      for (Map.Entry<Integer, Held> e : held.entrySet()) {
        endTerm(e.getKey(), e.getValue(), PartitionRevocationReason.CLOSED);
      }
      held.clear();
    });
    loop.shutdown();
    try {
      loop.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- helpers ----

  private boolean parentsChecked;

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

  private void scheduleRetry() {
    if (retryScheduled || closing) {
      return;
    }
    retryScheduled = true;
    later(RETRY_MS, () -> {
      retryScheduled = false;
      flushDeletes();
      joinAndReconcile();
    });
  }

  /** Runs {@code task} on the loop after {@code delayMs}, unless the loop has stopped. */
  private void later(long delayMs, Runnable task) {
    try {
      loop.schedule(() -> execute(task), delayMs, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      log.debug("member {}: loop stopped; not scheduling", me);
    }
  }

  private static int partitionOf(String path) {
    return Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
  }

  private void execute(Runnable task) {
    try {
      loop.execute(() -> {
        try {
          task.run();
        } catch (RuntimeException e) {
          log.error("member {}: ownership loop task failed", me, e);
          scheduleRetry();
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      log.debug("member {}: loop stopped; dropping a task", me);
    }
  }
}
