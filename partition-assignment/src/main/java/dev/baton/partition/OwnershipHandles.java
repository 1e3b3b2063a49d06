// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.TermHandle;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The member's ownerships: the active ones, read by any thread (and dropped at once by the
 * session's event thread when the link goes down), and the latest of each partition, loop-confined.
 */
final class OwnershipHandles {
  /** The active ownerships, valid while {@code changes} is unchanged and all are active. */
  private record Snapshot(
      long changes, Map<Integer, PartitionOwnership> ownerships, PartitionOwnership[] all) {}

  private final ConcurrentMap<Integer, OwnershipHandle> active = new ConcurrentHashMap<>();

  /** Bumped after every change of {@code active}, so that a snapshot taken before is not reused. */
  private final AtomicLong changes = new AtomicLong();

  private volatile @Nullable Snapshot snapshot;
  private final Map<Integer, OwnershipHandle> latest = new HashMap<>();
  private final Map<Integer, OwnershipHandle> open = new HashMap<>();

  /** The active ownerships; any thread. Reused while unchanged, so polling allocates nothing. */
  Map<Integer, PartitionOwnership> owned() {
    long seen = changes.get();
    Snapshot last = snapshot;
    // Reused unless one was revoked since (an ownership never becomes active again).
    if (last != null
        && last.changes() == seen
        && Arrays.stream(last.all()).allMatch(PartitionOwnership::isActive)) {
      return last.ownerships();
    }
    Map<Integer, PartitionOwnership> owned =
        active.entrySet().stream()
            .filter(e -> e.getValue().isActive())
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    snapshot = // read after seen: at worst newer, never reused stale
        new Snapshot(seen, owned, owned.values().toArray(new PartitionOwnership[0]));
    return owned;
  }

  /** The active ownership of {@code p}, or null. Any thread. */
  @Nullable PartitionOwnership ownership(int p) {
    OwnershipHandle ownership = active.get(p);
    return ownership != null && ownership.isActive() ? ownership : null;
  }

  int activeCount() {
    return owned().size();
  }

  /** Drops the signal of every active ownership now, from any thread (the link went down). */
  void revokeAll(RevocationReason reason) {
    active.forEach(
        (p, ownership) -> {
          ownership.revoke(reason);
          active.remove(p, ownership);
        });
    changes.incrementAndGet();
  }

  // ---- loop only ----

  /** The latest ownership of {@code p}, active or not, or null. */
  @Nullable OwnershipHandle latest(int p) {
    return latest.get(p);
  }

  void begin(OwnershipHandle ownership) {
    latest.put(ownership.partition(), ownership);
    open.put(ownership.partition(), ownership);
    active.put(ownership.partition(), ownership);
    changes.incrementAndGet();
  }

  /** Removes term {@code term} of {@code p} from the active ones; its ownership, or null. */
  @Nullable OwnershipHandle end(int p, long term) {
    OwnershipHandle ownership = latest.get(p);
    if (ownership == null || ownership.term() != term) {
      return null;
    }
    active.remove(p, ownership);
    open.remove(p, ownership);
    changes.incrementAndGet();
    return ownership;
  }

  /** Ends every open term at once (no {@code revoked} yet), for a member that stops on a fatal. */
  Map<Integer, OwnershipHandle> endAll() {
    Map<Integer, OwnershipHandle> ended = Map.copyOf(open);
    open.clear();
    ended.forEach(active::remove);
    changes.incrementAndGet();
    return ended;
  }

  /**
   * A {@link TermHandle} (revoked exactly once, never paused) with the partition's fields. {@code
   * term} numbers the member's terms, so a revocation applies to the ownership it was decided for.
   */
  static final class OwnershipHandle extends TermHandle implements PartitionOwnership {
    private final int partition;
    private final String memberId;
    private final long generation;
    private final long term;
    private final Instant since;

    OwnershipHandle(
        int partition,
        String memberId,
        FencingToken token,
        String ownerNodePath,
        Instant startedAt,
        Instant since,
        long generation,
        long term) {
      super(token, startedAt, ownerNodePath);
      this.partition = partition;
      this.memberId = memberId;
      this.since = since;
      this.generation = generation;
      this.term = term;
    }

    @Override
    public Instant since() {
      return since;
    }

    @Override
    public int partition() {
      return partition;
    }

    @Override
    public String memberId() {
      return memberId;
    }

    @Override
    public String ownerNodePath() {
      return nodePath();
    }

    @Override
    public long generation() {
      return generation;
    }

    public long term() {
      return term;
    }

    @Override
    protected RuntimeException lost(@Nullable RevocationReason reason) {
      return new PartitionLostException(partition, token(), reason);
    }

    @Override
    public String toString() {
      return "PartitionOwnership{partition=%s, member=%s, token=%s, %s}"
          .formatted(partition, memberId, token(), describeState());
    }
  }
}
