// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.CheckOwnerNodes;
import dev.baton.partition.MemberAction.CreateOwnerNodes;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberEvent.CreateResults;
import dev.baton.partition.MemberEvent.Created;
import dev.baton.partition.MemberEvent.Failed;
import dev.baton.partition.MemberEvent.Take;
import dev.baton.partition.MemberEvent.Taken;
import dev.baton.partition.MemberEvent.Tick;
import dev.baton.partition.MemberEvent.TickKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** Taking partitions: creates ownership znodes, waits for those another session holds. */
final class Takes {
  /** Partitions freed within this window share a multi: a release's deletions come together. */
  static final long TAKE_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /** Most of one old owner's partitions sharing a watch (a large release spans multis). */
  static final int SHARED_WATCH_MAX = 32;

  private final MemberSession s;
  private final Map<Integer, Held> held;
  private final SortedSet<Integer> unsure;
  final Set<Integer> creating = new HashSet<>();
  final Set<Integer> waiting = new HashSet<>();

  /** Being created, reported deleted meanwhile (that znode or an earlier one?): checked. */
  private final Set<Integer> deletedWhileCreating = new HashSet<>();

  /** Partitions seen free (deleted, or found absent) since: the next take creates them. */
  private final Set<Integer> seenFree = new HashSet<>();

  /** Partitions waiting behind the watched one of the same old owner: tried when it is free. */
  private final Map<Integer, List<Integer>> followers = new HashMap<>();

  private final Map<Integer, Long> pendingSince = new HashMap<>();

  /** Whether the group's parents are known to exist (a create missing them clears it). */
  private boolean parentsChecked = true;

  private boolean takeScheduled;

  /** {@code unsure}: the partitions to check before acting on them, shared with Ownerships. */
  Takes(MemberSession s, Map<Integer, Held> held, SortedSet<Integer> unsure) {
    this.s = s;
    this.held = held;
    this.unsure = unsure;
  }

  /**
   * Takes what {@code assignment} gives this member and is not held, being created, waited for or
   * unsure. Those likely still held (given before to a member still assigned) are waited for, one
   * watched read per old owner, not created (a failing create is a write, with its fsync, in the
   * old owner's way). A hint, never trusted for safety.
   */
  void take(AssignmentRecord assignment) {
    SortedSet<Integer> assigned = assignment.partitionsOf(s.me);
    for (int first : new ArrayList<>(followers.keySet())) {
      if (!assigned.contains(first)) {
        freeFollowers(first); // no longer waited for: the others are tried on their own
      }
    }
    pendingSince.keySet().retainAll(assigned);
    seenFree.retainAll(assigned);
    List<Integer> take = new ArrayList<>();
    Map<String, List<Integer>> byOwner = new TreeMap<>();
    Set<String> members = null;
    for (int p : assigned) {
      if (!held.containsKey(p)
          && !waiting.contains(p)
          && !creating.contains(p)
          && !unsure.contains(p)) {
        pendingSince.putIfAbsent(p, s.now);
        String before = s.previous == null ? null : s.previous.owners().get(p);
        if (!seenFree.remove(p) && before != null && !before.equals(s.me)) {
          if (members == null) {
            members = new HashSet<>(assignment.owners().values());
          }
          if (members.contains(before)) {
            byOwner.computeIfAbsent(before, k -> new ArrayList<>()).add(p);
            continue;
          }
        }
        take.add(p);
      }
    }
    if (!byOwner.isEmpty()) {
      List<Integer> watch = new ArrayList<>();
      for (List<Integer> released : byOwner.values()) {
        waiting.addAll(released);
        if (released.size() > SHARED_WATCH_MAX) {
          watch.addAll(released); // a large release: each is watched
          continue;
        }
        int first = released.get(0);
        watch.add(first); // its check frees it if gone already; its deletion is heard of
        if (released.size() > 1) {
          followers.put(first, new ArrayList<>(released.subList(1, released.size())));
        }
      }
      s.out.add(new CheckOwnerNodes(s.epoch, watch));
    }
    if (!take.isEmpty()) {
      creating.addAll(take);
      s.out.add(
          new CreateOwnerNodes(s.epoch, s.id, assignment.generation(), take, !parentsChecked));
      parentsChecked = true;
    }
  }

  /** From seeing {@code p} assigned here to owning it, or -1; counted once per take. */
  long handoff(int p) {
    Long since = pendingSince.remove(p);
    return since == null ? -1 : s.now - since;
  }

  /** Applies a create's answers; returns the partitions to check (and watch). */
  List<Integer> onCreated(CreateResults r) {
    List<Integer> watch = new ArrayList<>();
    for (Take take : r.takes()) {
      int p = take.partition();
      creating.remove(p);
      // Checked unless watched by the answer in this epoch: one of an earlier epoch is not known
      // to be ours now, and neither begins a term nor is deleted before it is checked.
      boolean check =
          !r.watched().contains(p) | deletedWhileCreating.remove(p) | r.epoch() != s.epoch;
      Take t =
          take instanceof Created c && c.owner() != s.id
              ? new Taken(p, c.owner()) // another session's (an earlier one of this member): wait
              : take;
      if (t instanceof Created c) {
        if (!held.containsKey(p)) { // else a create retried after it had succeeded
          held.put(p, new Held(p, c.czxid(), r.generation(), r.epoch() == s.epoch ? s.epoch : 0));
          waiting.remove(p);
          unsure.remove(p);
          if (check) {
            watch.add(p);
          }
          s.progress = true;
        }
      } else if (t instanceof Taken) {
        if (s.mine(p) && !held.containsKey(p)) {
          waiting.add(p); // watched by the answer or the check, which sees if it went meanwhile
          if (check) {
            watch.add(p);
          }
        }
      } else if (t instanceof Failed f) {
        parentsChecked &= !f.noParent();
        unsure.add(p); // after a lost answer it may exist anyway: checked by the retry, then taken
        s.failures++;
      }
    }
    return watch;
  }

  void deletedWhileCreating(int p) {
    deletedWhileCreating.add(p);
  }

  /** A znode waited for went (or was found absent): take it and its followers in the window. */
  void freed(int p) {
    waiting.remove(p);
    seenFree.add(p);
    freeFollowers(p);
    scheduleTake();
  }

  /** The partitions waited for with {@code p} are tried (created) at the next take. */
  void freeFollowers(int p) {
    List<Integer> others = followers.remove(p);
    if (others != null) {
      others.stream().filter(waiting::remove).forEach(seenFree::add);
      scheduleTake();
    }
  }

  private void scheduleTake() {
    if (!takeScheduled) {
      takeScheduled = true;
      s.out.add(new Schedule(new Tick(TickKind.TAKE), TAKE_WINDOW_NANOS));
    }
  }

  void onTakeTick() {
    takeScheduled = false;
  }

  /** A task failed: creates and waits in flight may have lost their answers; returns them. */
  List<Integer> recover() {
    List<Integer> lost = new ArrayList<>(creating);
    lost.addAll(waiting);
    clear();
    takeScheduled = false;
    return lost;
  }

  void clear() {
    creating.clear();
    waiting.clear();
    deletedWhileCreating.clear();
    seenFree.clear();
    followers.clear();
  }
}
