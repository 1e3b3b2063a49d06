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
  private final Watcher memberWatcher = this::onMemberEvent;

  // Loop-confined state.
  private AssignmentRecord assignment;
  private final SortedMap<Integer, HeldPartition> held = new TreeMap<>();
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
  private boolean assignmentStale;
  /** Written by Curator's connection-state thread: false from SUSPENDED or LOST until reconnected. */
  private volatile boolean linkUp = true;

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
        linkUp = false;
        active.values().forEach(l -> l.revoke(reason)); // the signal drops now, not after the queue
        execute(() -> onDisconnected(reason));
      }
      case CONNECTED, RECONNECTED -> {
        linkUp = true;
        execute(this::onConnected);
      }
      default -> { }
    }
  }

  private void onDisconnected(PartitionRevocationReason reason) {
    connected = false;
    held.values().forEach(h -> endTerm(h, reason));
    if (reason == PartitionRevocationReason.SESSION_LOST) {
      forgetSession();
    }
  }

  private void onConnected() {
    long sid;
    try {
      sid = client.getZookeeperClient().getZooKeeper().getSessionId();
    } catch (Exception e) {
      log.warn("member {}: no ZooKeeper handle after connecting: {}", me, e.toString());
      return;
    }
    connected = true;
    if (closing) {
      if (sid == sessionId) { // finish leaving: the member znode and the drained partitions
        memberNode.leave(sid);
        reverifyHeld();
      }
      return;
    }
    if (sid != sessionId) {
      forgetSession();
      sessionId = sid;
      ownSessions.add(sid);
      readAssignment();
    } else {
      readAssignment(); // first, so that a partition moved away meanwhile is not resumed
      reverifyHeld();
    }
    joinAndReconcile();
  }

  private void forgetSession() {
    held.values().forEach(h -> endTerm(h, PartitionRevocationReason.SESSION_LOST));
    held.clear();
    active.clear();
    toDelete.clear();
    waiting.clear();
    joined = false;
    completeReleasedIfDone();
  }

  /**
   * Same session after a reconnect (or a retry): checks each partition whose lease is not active against
   * its znode. A znode still ours resumes its term with the same token if the partition is still this
   * member's, or is deleted if it was being released and its drain is over; a znode gone ends the term.
   */
  private void reverifyHeld() {
    for (HeldPartition h : new ArrayList<>(held.values())) {
      if (h.lease.isActive()) {
        continue;
      }
      Stat stat;
      try {
        stat = client.checkExists().usingWatcher(ownWatcher).forPath(paths.owner(h.partition));
      } catch (Exception ex) {
        log.warn("member {}: cannot verify partition {}; retrying: {}", me, h.partition, ex.toString());
        scheduleRetry();
        continue;
      }
      if (stat == null || stat.getCzxid() != h.czxid || stat.getEphemeralOwner() != sessionId) {
        endTerm(h, PartitionRevocationReason.NODE_DELETED);
        held.remove(h.partition);
        continue;
      }
      if (h.releasing) {
        if (h.drained) {
          toDelete.add(h.partition);
        }
      } else if (!closing && isAssignedToMe(h.partition)) {
        h.renew();
        activate(h);
      }
    }
    flushDeletes();
    completeReleasedIfDone();
  }

  /** Publishes the lease of {@code h}: the active map, then {@code assigned} on the member's executor. */
  private void activate(HeldPartition h) {
    active.put(h.partition, h.lease);
    if (!linkUp) {
      h.lease.revoke(PartitionRevocationReason.CONNECTION_SUSPENDED); // the link dropped meanwhile
    }
    Long since = pendingSinceNanos.remove(h.partition);
    metrics.assigned(since == null ? null : Duration.ofNanos(System.nanoTime() - since));
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
      assignmentStale = false;
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
      log.warn("member {}: cannot read the assignment; retrying: {}", me, e.toString());
      assignmentStale = true;
      scheduleRetry();
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

  private void onMemberEvent(WatchedEvent e) {
    if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
      execute(() -> {
        if (joined && !closing) {
          log.warn("member {}: its member znode was deleted; joining again", me);
        }
        joined = false;
        joinAndReconcile();
      });
    }
  }

  private void reconcile() {
    if (!connected || closing || assignment == null) {
      return;
    }
    for (Map.Entry<Integer, HeldPartition> e : new ArrayList<>(held.entrySet())) {
      int p = e.getKey();
      HeldPartition h = e.getValue();
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
    if (held.containsKey(p)) {
      return; // a retried create that had already succeeded
    }
    String path = paths.owner(p);
    LeaseHandle lease = new LeaseHandle(p, me, FencingToken.of(paths.tokenScope(p), czxid), path,
        config.clock().instant(), generation);
    HeldPartition h = new HeldPartition(p, czxid, lease);
    held.put(p, h);
    activate(h);
    watchOwn(p, czxid);
  }

  private void waitFor(int p, long ephemeralOwner) {
    // Even a znode of an earlier session of this member is left to expire with that session: deleting
    // by path could delete the next owner's znode if that session expired in between.
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
      HeldPartition h = held.get(p);
      if (h == null || h.releasing || !connected) {
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
      endTerm(h, PartitionRevocationReason.NODE_DELETED);
      held.remove(p);
      reconcile();
    });
  }

  // ---- release ----

  private void release(int p, HeldPartition h, PartitionRevocationReason reason) {
    h.releasing = true;
    long timeoutMs = config.drainTimeout().toMillis();
    endTerm(h, reason).thenApply(v -> false).completeOnTimeout(true, timeoutMs, TimeUnit.MILLISECONDS)
        .thenAccept(timedOut -> execute(() -> afterDrain(p, h, timedOut)));
  }

  private void afterDrain(int p, HeldPartition h, boolean timedOut) {
    if (held.get(p) != h) {
      return; // the session ended meanwhile; the znode went with it
    }
    h.drained = true;
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
      return; // a reconnect within the session re-queues the drained ones (reverifyHeld)
    }
    List<Integer> batch = new ArrayList<>(toDelete);
    toDelete.clear();
    List<Integer> gone;
    try {
      gone = owners.delete(batch, sessionId);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    for (int p : gone) {
      HeldPartition h = held.get(p);
      if (h != null && h.releasing) {
        held.remove(p);
      }
    }
    if (gone.size() < batch.size()) {
      batch.removeAll(gone);
      toDelete.addAll(batch);
      scheduleRetry();
    }
    completeReleasedIfDone();
    reconcile();
  }

  /** Ends the current term of {@code h}: signal, then the {@code revoked} callback, once. */
  private CompletableFuture<Void> endTerm(HeldPartition h, PartitionRevocationReason reason) {
    CompletableFuture<Void> done = h.endTerm(reason, callbacks, metrics);
    active.remove(h.partition, h.lease);
    return done;
  }

  // ---- close ----

  /**
   * Leaves the group: deletes the member znode and releases every partition after its drain. If the
   * connection is down, the znodes go when the session ends (close the session too).
   */
  public CompletableFuture<Void> beginClose() {
    execute(() -> {
      closing = true;
      if (connected) {
        memberNode.leave(sessionId);
      }
      for (HeldPartition h : new ArrayList<>(held.values())) {
        if (!h.releasing) {
          release(h.partition, h, PartitionRevocationReason.CLOSED);
        }
      }
      if (!connected) {
        forgetSession();
      }
      completeReleasedIfDone();
    });
    return released;
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
      held.values().forEach(h -> endTerm(h, PartitionRevocationReason.CLOSED));
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
      if (!connected) {
        return; // the reconnect does it all
      }
      if (assignmentStale) {
        readAssignment();
      }
      reverifyHeld();
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
