// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberEvent.Deleted;
import dev.baton.partition.MemberEvent.Tick;
import dev.baton.partition.MemberEvent.TickKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Deleting drained partitions' ownership znodes, a part of {@link MemberMachine}: those drained
 * together share a multi; a znode is deleted only while seen to be this session's in this epoch,
 * with no delete of it in flight, so a lost answer's delete never hits the next owner's znode.
 */
final class Deletions {
  /** Deletes of partitions drained within this window share one multi (unless none drains). */
  static final long BATCH_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  record Outcome(List<Integer> gone, List<Integer> unsure) {}

  private final MemberSession s;
  private final Map<Integer, Held> held;
  private final SortedSet<Integer> toDelete = new TreeSet<>();
  private final Set<Integer> deleting = new HashSet<>();

  /** Partitions released whose drain is not over yet (their revoked runs). */
  private final Set<Integer> draining = new HashSet<>();

  private boolean flushScheduled;

  Deletions(MemberSession s, Map<Integer, Held> held) {
    this.s = s;
    this.held = held;
  }

  void draining(int p) {
    draining.add(p);
  }

  /** Queues drained {@code p}: deleted now if nothing else drains, else at the next flush. */
  void queue(int p) {
    draining.remove(p);
    toDelete.add(p);
    if (draining.isEmpty()) {
      flush(); // the last drain of the burst: nothing to wait for
    } else if (!flushScheduled) {
      flushScheduled = true;
      s.out.add(new Schedule(new Tick(TickKind.FLUSH), BATCH_WINDOW_NANOS));
    }
  }

  void onFlushTick() {
    flushScheduled = false;
    flush();
  }

  /** Deletes the queued znodes that were seen to be this session's in this epoch. */
  void flush() {
    if (!s.connected || toDelete.isEmpty()) {
      return;
    }
    List<Integer> batch = new ArrayList<>();
    for (int p : toDelete) {
      Held h = held.get(p);
      if (h != null
          && h.releasing
          && h.drained
          && h.verifiedEpoch == s.epoch
          && !deleting.contains(p)) {
        batch.add(p);
      }
    }
    toDelete.removeIf(p -> !held.containsKey(p) || batch.contains(p));
    if (!batch.isEmpty()) {
      deleting.addAll(batch);
      s.out.add(new DeleteOwnerNodes(s.id, batch));
    }
  }

  /** A delete's answer: the partitions gone, and those failed (no longer known ours; queued). */
  Outcome onDeleted(Deleted d) {
    deleting.removeAll(d.gone());
    deleting.removeAll(d.failed());
    List<Integer> gone = new ArrayList<>();
    List<Integer> unsure = new ArrayList<>();
    if (d.session() != s.id) {
      return new Outcome(gone, unsure);
    }
    for (int p : d.gone()) {
      Held h = held.get(p);
      if (h != null && h.releasing) {
        gone.add(p);
        s.progress = true;
      }
    }
    for (int p : d.failed()) {
      Held h = held.get(p);
      if (h != null && h.releasing) {
        h.verifiedEpoch = 0;
        toDelete.add(p);
        unsure.add(p);
        s.failures++;
      }
    }
    return new Outcome(gone, unsure);
  }

  /** A task failed: deletes in flight may have lost their answers; returns their partitions. */
  List<Integer> recover() {
    List<Integer> unsure = new ArrayList<>();
    for (int p : deleting) {
      Held h = held.get(p);
      if (h != null) {
        h.verifiedEpoch = 0;
        toDelete.add(p);
        unsure.add(p);
      }
    }
    deleting.clear();
    flushScheduled = false;
    return unsure;
  }

  void forget(int p) {
    toDelete.remove(p);
    draining.remove(p);
  }

  void clear() {
    toDelete.clear();
    draining.clear();
    deleting.clear();
  }
}
