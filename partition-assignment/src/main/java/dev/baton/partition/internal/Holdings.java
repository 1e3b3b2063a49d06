package dev.baton.partition.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.GroupConfig;
import dev.baton.partition.PartitionLease;
import dev.baton.partition.internal.member.LeaseHandle;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The partitions whose ownership znode a member created in its current session ({@link HeldPartition}),
 * and their leases. The held partitions are confined to the ownership loop; only the active leases and the
 * link flag are shared with other threads (callers of {@link #owned()}, Curator's connection-state thread).
 */
final class Holdings {
  private final GroupPaths paths;
  private final GroupConfig config;
  private final String me;
  private final PartitionCallbacks callbacks;
  private final GroupMetrics metrics;
  private final ConcurrentMap<Integer, LeaseHandle> active = new ConcurrentHashMap<>();
  /** Written by Curator's connection-state thread: false from SUSPENDED or LOST until reconnected. */
  private volatile boolean linkUp = true;

  // Loop-confined state.
  private final SortedMap<Integer, HeldPartition> held = new TreeMap<>();
  private final Map<Integer, Long> pendingSinceNanos = new HashMap<>();

  Holdings(GroupPaths paths, GroupConfig config, String me, PartitionCallbacks callbacks,
      GroupMetrics metrics) {
    this.paths = paths;
    this.config = config;
    this.me = me;
    this.callbacks = callbacks;
    this.metrics = metrics;
  }

  /** The active leases, by partition. Any thread. */
  Map<Integer, PartitionLease> owned() {
    return Map.copyOf(active);
  }

  /** The active lease of {@code p}, or null. Any thread. */
  PartitionLease lease(int p) {
    return active.get(p);
  }

  /** How many leases are active. Any thread. */
  int activeCount() {
    return active.size();
  }

  /** The link dropped (connection-state thread): revokes every active lease now. */
  void linkDown(RevocationReason reason) {
    linkUp = false;
    active.values().forEach(l -> l.revoke(reason)); // the signal drops now, not after the queue
  }

  /** The link is back (connection-state thread). */
  void linkRestored() {
    linkUp = true;
  }

  // ---- loop thread only ----

  HeldPartition get(int p) {
    return held.get(p);
  }

  boolean holds(int p) {
    return held.containsKey(p);
  }

  boolean isEmpty() {
    return held.isEmpty();
  }

  /** A copy of the held partitions, in partition order. */
  List<HeldPartition> snapshot() {
    return new ArrayList<>(held.values());
  }

  void remove(int p) {
    held.remove(p);
  }

  /**
   * Holds partition {@code p}, whose ownership znode was created with {@code czxid}, and activates its
   * lease.
   *
   * @return the new held partition, or null if {@code p} was already held
   */
  HeldPartition took(int p, long czxid, long generation) {
    if (held.containsKey(p)) {
      return null; // a retried create that had already succeeded
    }
    String path = paths.owner(p);
    LeaseHandle lease = new LeaseHandle(p, me, FencingToken.of(paths.tokenScope(p), czxid), path,
        config.clock().instant(), generation, 1);
    HeldPartition h = new HeldPartition(p, czxid, lease);
    held.put(p, h);
    activate(h);
    return h;
  }

  /** Publishes the lease of {@code h}: the active map, then {@code assigned} on the member's executor. */
  void activate(HeldPartition h) {
    active.put(h.partition, h.lease);
    if (!linkUp) {
      h.lease.revoke(RevocationReason.CONNECTION_SUSPENDED); // the link dropped meanwhile
    }
    Long since = pendingSinceNanos.remove(h.partition);
    metrics.assigned(since == null ? null : Duration.ofNanos(System.nanoTime() - since));
    callbacks.assigned(h.lease);
  }

  /** Ends the current term of {@code h}: signal, then the {@code revoked} callback, once. */
  CompletableFuture<Void> endTerm(HeldPartition h, RevocationReason reason) {
    CompletableFuture<Void> done = h.endTerm(reason, callbacks, metrics);
    active.remove(h.partition, h.lease);
    return done;
  }

  /** Ends the current term of every held partition. */
  void endTerms(RevocationReason reason) {
    held.values().forEach(h -> endTerm(h, reason));
  }

  /** Forgets every held partition (their terms should have ended). */
  void clear() {
    held.clear();
  }

  /** The session ended: ends every term and forgets the partitions and their leases. */
  void forgetSession() {
    endTerms(RevocationReason.SESSION_LOST);
    held.clear();
    active.clear();
  }

  /** Partition {@code p} is assigned to this member and not held: its handoff time counts from now. */
  void pending(int p, long nowNanos) {
    pendingSinceNanos.putIfAbsent(p, nowNanos);
  }

  /** Stops timing the handoffs of the partitions no longer assigned to this member. */
  void keepPending(Set<Integer> mine) {
    pendingSinceNanos.keySet().retainAll(mine);
  }
}
