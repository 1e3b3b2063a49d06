// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.PartitionLease;
import dev.baton.recipes.RevocationReason;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The member's leases: the active ones, shared with any thread (callers of {@code
 * ownedPartitions()}, the session's event thread that drops every signal when the link goes down),
 * and the latest lease of each partition, confined to the member's loop (a resumed term keeps its
 * take time).
 */
final class Leases {
  /**
   * A snapshot of the active leases, valid while {@code changes} is unchanged and all are active.
   */
  private record Snapshot(
      long changes, Map<Integer, PartitionLease> leases, PartitionLease[] all) {}

  private final ConcurrentMap<Integer, LeaseHandle> active = new ConcurrentHashMap<>();

  /** Bumped after every change of {@code active}, so that a snapshot taken before is not reused. */
  private final AtomicLong changes = new AtomicLong();

  private volatile @Nullable Snapshot snapshot;
  private final Map<Integer, LeaseHandle> latest = new HashMap<>();
  private final Map<Integer, LeaseHandle> open = new HashMap<>();

  /**
   * The active leases, by partition. Any thread. The same immutable map is returned again while no
   * lease began, ended or was revoked since, so that polling it allocates nothing.
   */
  Map<Integer, PartitionLease> owned() {
    long seen = changes.get();
    Snapshot last = snapshot;
    if (last != null && last.changes() == seen && allActive(last.all())) {
      return last.leases();
    }
    Map<Integer, PartitionLease> out = new HashMap<>();
    active.forEach(
        (p, lease) -> {
          if (lease.isActive()) {
            out.put(p, lease);
          }
        });
    Map<Integer, PartitionLease> owned = Map.copyOf(out);
    snapshot = // read after seen: at worst newer, never reused stale
        new Snapshot(seen, owned, owned.values().toArray(new PartitionLease[0]));
    return owned;
  }

  private static boolean allActive(PartitionLease[] leases) {
    for (PartitionLease lease : leases) {
      if (!lease.isActive()) {
        return false; // revoked since (a lease never becomes active again)
      }
    }
    return true;
  }

  /** The active lease of {@code p}, or null. Any thread. */
  @Nullable PartitionLease lease(int p) {
    LeaseHandle lease = active.get(p);
    return lease != null && lease.isActive() ? lease : null;
  }

  /** How many leases are active. Any thread. */
  int activeCount() {
    return owned().size();
  }

  /**
   * Drops the signal of every active lease now, from any thread (the link went down); the member's
   * loop then ends their terms and runs {@code revoked}.
   */
  void revokeAll(RevocationReason reason) {
    active.forEach(
        (p, lease) -> {
          lease.revoke(reason);
          active.remove(p, lease);
        });
    changes.incrementAndGet();
  }

  // ---- loop only ----

  /** The latest lease of {@code p}, active or not, or null. */
  @Nullable LeaseHandle latest(int p) {
    return latest.get(p);
  }

  void begin(LeaseHandle lease) {
    latest.put(lease.partition(), lease);
    open.put(lease.partition(), lease);
    active.put(lease.partition(), lease);
    changes.incrementAndGet();
  }

  /** Removes term {@code term} of {@code p} from the active leases; returns its lease, or null. */
  @Nullable LeaseHandle end(int p, long term) {
    LeaseHandle lease = latest.get(p);
    if (lease == null || lease.term() != term) {
      return null;
    }
    active.remove(p, lease);
    open.remove(p, lease);
    changes.incrementAndGet();
    return lease;
  }

  /**
   * Ends every open term at once (its {@code revoked} not yet called) and returns their leases, for
   * a member that stops on a fatal error.
   */
  Map<Integer, LeaseHandle> endAll() {
    Map<Integer, LeaseHandle> ended = Map.copyOf(open);
    open.clear();
    ended.forEach(active::remove);
    changes.incrementAndGet();
    return ended;
  }
}
