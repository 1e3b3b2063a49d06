package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.PartitionLease;
import dev.baton.recipes.RevocationReason;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.strategy.MemberProfile;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
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
 *
 * <p>Here: the connection, the session, closing, and what to take or release. Its parts, on the same
 * loop: {@link LoopThread}, {@link AssignmentFollower}, {@link Membership}, {@link Holdings},
 * {@link PartitionTaker} and {@link Releaser}.
 */
public final class OwnershipLoop implements ConnectionStateListener {
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);
  private static final long RETRY_MS = 1000;
  /** Releases and wake-ups that arrive within this window share one multi. */
  static final long BATCH_WINDOW_MS = 5;

  private final CuratorFramework client;
  private final String me;
  private final LoopThread loop;
  private final LoopThread.Coalesced retry;
  private final Holdings holdings;
  private final AssignmentFollower assignment;
  private final Membership membership;
  private final PartitionTaker taker;
  private final Releaser releaser;
  private final CompletableFuture<Void> released = new CompletableFuture<>();

  // Loop-confined state.
  private long sessionId;
  private boolean connected;
  private boolean closing;

  public OwnershipLoop(CuratorFramework client, GroupPaths paths, GroupConfig config,
      MemberProfile profile, PartitionCallbacks callbacks, GroupMetrics metrics) {
    this.client = client;
    this.me = profile.id();
    OwnerNodes owners = new OwnerNodes(client, paths);
    this.loop = new LoopThread(me, this::scheduleRetry);
    this.retry = loop.coalesced(RETRY_MS, this::retry);
    this.holdings = new Holdings(paths, config, me, callbacks, metrics);
    this.assignment = new AssignmentFollower(client, paths, me, metrics, loop, () -> {
      readAssignment();
      reconcile();
    }, this::scheduleRetry);
    this.membership = new Membership(this, loop, client, paths, profile);
    this.taker = new PartitionTaker(this, loop, holdings, client, paths, me, owners);
    this.releaser = new Releaser(this, loop, holdings, owners, config, metrics, me);
  }

  public void start() {
    client.getConnectionStateListenable().addListener(this);
    loop.execute(() -> {
      if (client.getZookeeperClient().isConnected()) {
        onConnected();
      }
    });
  }

  /** The active leases, by partition. */
  public Map<Integer, PartitionLease> owned() {
    return holdings.owned();
  }

  /** The active lease of {@code partition}, or null; no copy of the whole map. */
  public PartitionLease lease(int partition) {
    return holdings.lease(partition);
  }

  /** How many leases are active. */
  public int ownedCount() {
    return holdings.activeCount();
  }

  public boolean isJoined() {
    return membership.isJoined();
  }

  public boolean isDuplicate() {
    return membership.isDuplicate();
  }

  public long generation() {
    return assignment.generation();
  }

  // ---- connection ----

  @Override
  public void stateChanged(CuratorFramework c, ConnectionState state) {
    switch (state) {
      case SUSPENDED, LOST -> {
        RevocationReason reason = state == ConnectionState.LOST
            ? RevocationReason.SESSION_LOST : RevocationReason.CONNECTION_SUSPENDED;
        holdings.linkDown(reason); // the signal drops now, not after the queue
        loop.execute(() -> onDisconnected(reason));
      }
      case CONNECTED, RECONNECTED -> {
        holdings.linkRestored();
        loop.execute(this::onConnected);
      }
      default -> { }
    }
  }

  private void onDisconnected(RevocationReason reason) {
    connected = false;
    holdings.endTerms(reason);
    if (reason == RevocationReason.SESSION_LOST) {
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
        membership.leave(sid);
        reverifyHeld();
      }
      return;
    }
    if (sid != sessionId) {
      forgetSession();
      sessionId = sid;
      membership.newSession(sid);
      readAssignment();
    } else {
      readAssignment(); // first, so that a partition moved away meanwhile is not resumed
      reverifyHeld();
    }
    joinAndReconcile();
  }

  private void forgetSession() {
    holdings.forgetSession();
    releaser.clear();
    taker.clear();
    membership.sessionEnded();
    completeReleasedIfDone();
  }

  /**
   * Same session after a reconnect (or a retry): checks each partition whose lease is not active against
   * its znode. A znode still ours resumes its term with the same token if the partition is still this
   * member's, or is deleted if it was being released and its drain is over; a znode gone ends the term.
   */
  private void reverifyHeld() {
    for (HeldPartition h : holdings.snapshot()) {
      if (h.lease.isActive()) {
        continue;
      }
      Stat stat;
      try {
        stat = taker.checkOwn(h.partition);
      } catch (Exception ex) {
        log.warn("member {}: cannot verify partition {}; retrying: {}", me, h.partition, ex.toString());
        scheduleRetry();
        continue;
      }
      if (stat == null || stat.getCzxid() != h.czxid || stat.getEphemeralOwner() != sessionId) {
        holdings.endTerm(h, RevocationReason.NODE_DELETED);
        holdings.remove(h.partition);
        continue;
      }
      if (h.releasing) {
        if (h.drained) {
          releaser.queueDelete(h.partition);
        }
      } else if (!closing && assignment.isAssignedToMe(h.partition)) {
        h.renew();
        holdings.activate(h);
      }
    }
    releaser.flushDeletes();
    completeReleasedIfDone();
  }

  private void readAssignment() {
    if (!connected || closing) {
      return;
    }
    assignment.read();
  }

  // ---- reconcile ----

  void joinAndReconcile() {
    if (!connected || closing) {
      return;
    }
    membership.join(sessionId);
    reconcile();
  }

  /** Releases the held partitions assigned elsewhere and, once joined, takes the ones assigned here. */
  void reconcile() {
    AssignmentRecord current = assignment.current();
    if (!connected || closing || current == null) {
      return;
    }
    for (HeldPartition h : holdings.snapshot()) {
      int p = h.partition;
      if (!h.releasing && !assignment.isAssignedToMe(p)) {
        releaser.release(p, h, current.partitions().contains(p)
            ? RevocationReason.REASSIGNED : RevocationReason.PARTITION_REMOVED);
      }
    }
    if (!membership.isJoined()) {
      return;
    }
    taker.takeAssigned(current);
  }

  // ---- close ----

  /**
   * Leaves the group: deletes the member znode and releases every partition after its drain. If the
   * connection is down, the znodes go when the session ends (close the session too).
   */
  public CompletableFuture<Void> beginClose() {
    loop.execute(() -> {
      closing = true;
      if (connected) {
        membership.leave(sessionId);
      }
      for (HeldPartition h : holdings.snapshot()) {
        if (!h.releasing) {
          releaser.release(h.partition, h, RevocationReason.CLOSED);
        }
      }
      if (!connected) {
        forgetSession();
      }
      completeReleasedIfDone();
    });
    return released;
  }

  void completeReleasedIfDone() {
    if (closing && holdings.isEmpty()) {
      released.complete(null);
    }
  }

  /** Stops the loop; call after {@link #beginClose()} completed or timed out. */
  public void shutdown() {
    client.getConnectionStateListenable().removeListener(this);
    loop.execute(() -> {
      holdings.endTerms(RevocationReason.CLOSED);
      holdings.clear();
    });
    loop.shutdown();
  }

  // ---- for the loop's parts (loop thread only) ----

  boolean isConnected() {
    return connected;
  }

  long sessionId() {
    return sessionId;
  }

  boolean isClosing() {
    return closing;
  }

  void scheduleRetry() {
    if (closing) {
      return;
    }
    retry.request();
  }

  private void retry() {
    if (!connected) {
      return; // the reconnect does it all
    }
    if (assignment.isStale()) {
      readAssignment();
    }
    reverifyHeld();
    joinAndReconcile();
  }
}
