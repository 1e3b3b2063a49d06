package dev.baton.partition.internal.member;

import static dev.baton.recipes.RevocationReason.CLOSED;
import static dev.baton.recipes.RevocationReason.NODE_DELETED;
import static dev.baton.recipes.RevocationReason.PARTITION_REMOVED;
import static dev.baton.recipes.RevocationReason.REASSIGNED;

import dev.baton.partition.internal.member.MemberAction.BeginTerm;
import dev.baton.partition.internal.member.MemberAction.CheckOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.CreateOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.DrainTimedOut;
import dev.baton.partition.internal.member.MemberAction.EndTerm;
import dev.baton.partition.internal.member.MemberAction.Released;
import dev.baton.partition.internal.member.MemberAction.Schedule;
import dev.baton.partition.internal.member.MemberAction.Warn;
import dev.baton.partition.internal.member.MemberEvent.Checked;
import dev.baton.partition.internal.member.MemberEvent.Created;
import dev.baton.partition.internal.member.MemberEvent.CreateResults;
import dev.baton.partition.internal.member.MemberEvent.Deleted;
import dev.baton.partition.internal.member.MemberEvent.DrainTimeout;
import dev.baton.partition.internal.member.MemberEvent.Failed;
import dev.baton.partition.internal.member.MemberEvent.NodeCheck;
import dev.baton.partition.internal.member.MemberEvent.NodeState;
import dev.baton.partition.internal.member.MemberEvent.Take;
import dev.baton.partition.internal.member.MemberEvent.Taken;
import dev.baton.partition.internal.member.MemberEvent.Tick;
import dev.baton.partition.internal.member.MemberEvent.TickKind;
import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The part of {@link MemberMachine} that decides what to take, resume, release and delete, from the
 * held partitions ({@link Held}), the session's state and the assignment. Pure like the machine: it
 * reads the shared {@link MemberMachine.Session} and appends actions to the machine's list; it never
 * calls the machine. Failures it meets are counted for the machine to retry.
 */
class Ownerships {
  /** Takes, and deletes, that come within this window share one multi. */
  static final long BATCH_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  final String me;
  final MemberMachine.Session s;
  final List<MemberAction> out;
  private final long drainTimeoutNanos;
  final SortedMap<Integer, Held> held = new TreeMap<>();
  final Set<Integer> creating = new HashSet<>();
  final Set<Integer> waiting = new HashSet<>();
  /** Partitions to check before acting on them: a lost answer, a failed check or delete. */
  private final SortedSet<Integer> uncertain = new TreeSet<>();
  private final SortedSet<Integer> toDelete = new TreeSet<>();
  private final Set<Integer> deleting = new HashSet<>();
  private final Map<Integer, Long> pendingSince = new HashMap<>();
  private boolean parentsChecked;
  private boolean takeScheduled;
  private boolean flushScheduled;
  private boolean releasedSignalled;
  private long terms;
  private int failures;
  private boolean progress;

  Ownerships(String me, long drainTimeoutNanos, MemberMachine.Session s, List<MemberAction> out) {
    this.me = me;
    this.drainTimeoutNanos = drainTimeoutNanos;
    this.s = s;
    this.out = out;
  }

  /** The failures met since the last call, for the machine's retry. */
  int collectFailures() {
    int n = failures;
    failures = 0;
    return n;
  }

  /** Whether something succeeded since the last call (which ends a failure streak). */
  boolean collectProgress() {
    boolean p = progress;
    progress = false;
    return p;
  }

  Set<Integer> heldPartitions() {
    return Set.copyOf(held.keySet());
  }

  boolean mine(int p) {
    return s.assignment != null && me.equals(s.assignment.owners().get(p));
  }

  // ---- reconcile: release, resume, take ----

  /** Releases what moved, resumes what was verified, and, once joined, takes what is assigned here. */
  void reconcile() {
    if (s.closing) {
      for (Held h : new ArrayList<>(held.values())) {
        if (!h.releasing) {
          release(h, CLOSED);
        }
      }
      completeIfReleased();
      return;
    }
    if (!s.connected || s.assignment == null) {
      return;
    }
    for (Held h : new ArrayList<>(held.values())) {
      if (!h.releasing && !mine(h.partition)) {
        release(h, s.assignment.partitions().contains(h.partition) ? REASSIGNED : PARTITION_REMOVED);
      }
    }
    if (!s.fresh) {
      return; // takes and resumes wait for this epoch's read of the assignment
    }
    for (Held h : held.values()) {
      if (!h.releasing && !h.termOpen && h.verifiedEpoch == s.epoch) {
        beginTerm(h);
      }
    }
    if (s.joined) {
      take();
    }
  }

  void take() {
    SortedSet<Integer> assigned = s.assignment.partitionsOf(me);
    pendingSince.keySet().retainAll(assigned);
    List<Integer> take = new ArrayList<>();
    for (int p : assigned) {
      if (!held.containsKey(p) && !waiting.contains(p) && !creating.contains(p)
          && !uncertain.contains(p)) {
        take.add(p);
        pendingSince.putIfAbsent(p, s.now);
      }
    }
    if (!take.isEmpty()) {
      creating.addAll(take);
      out.add(new CreateOwnerNodes(s.epoch, s.id, s.assignment.generation(), take, !parentsChecked));
      parentsChecked = true;
    }
  }

  void beginTerm(Held h) {
    h.term = ++terms;
    h.termOpen = true;
    h.revokeReturned = false;
    Long since = pendingSince.remove(h.partition);
    out.add(new BeginTerm(h.partition, h.term, h.czxid, h.generation, since == null ? -1 : s.now - since,
        h.begun));
    h.begun = true;
  }

  void endTerm(Held h, RevocationReason reason) {
    if (h.termOpen) {
      h.termOpen = false;
      out.add(new EndTerm(h.partition, h.term, reason));
    }
  }

  /** Ends every open term (the znodes stay held). */
  void endTerms(RevocationReason reason) {
    held.values().forEach(h -> endTerm(h, reason));
  }

  /** Ends the term, waits for its {@code revoked} (at most the drain timeout), then deletes. */
  void release(Held h, RevocationReason reason) {
    h.releasing = true;
    endTerm(h, reason);
    if (h.revokeReturned) {
      drained(h, false); // no term, or its revoked returned already
    } else {
      out.add(new Schedule(new DrainTimeout(h.partition, h.term), drainTimeoutNanos));
    }
  }

  private void drained(Held h, boolean timedOut) {
    h.drained = true;
    if (timedOut) {
      out.add(new DrainTimedOut(h.partition, h.term));
    }
    toDelete.add(h.partition);
    requestFlush();
  }

  // ---- answers and notifications ----

  void onCreated(CreateResults r) {
    List<Integer> watch = new ArrayList<>();
    for (Take take : r.takes()) {
      int p = take.partition();
      Take t = take;
      creating.remove(p);
      if (t instanceof Created c && c.owner() != s.id) {
        t = new Taken(p, c.owner()); // another session's, e.g. an earlier one of this member: wait
      }
      if (t instanceof Created c) {
        if (held.containsKey(p)) {
          continue; // a create retried after it had succeeded
        }
        held.put(p, new Held(p, c.czxid(), r.generation(), r.epoch() == s.epoch ? s.epoch : 0));
        waiting.remove(p);
        uncertain.remove(p);
        watch.add(p);
        progress = true;
      } else if (t instanceof Taken) {
        if (mine(p) && !held.containsKey(p)) {
          waiting.add(p); // watched by the check below, which also sees if it went meanwhile
          watch.add(p);
        }
      } else if (t instanceof Failed f) {
        parentsChecked &= !f.noParent();
        uncertain.add(p); // after a lost answer it may exist anyway: checked by the retry, then taken
        failures++;
      }
    }
    if (!watch.isEmpty() && s.connected) {
      out.add(new CheckOwnerNodes(s.epoch, watch));
    }
    reconcile();
  }

  void onChecked(Checked c) {
    if (c.epoch() != s.epoch || !s.connected) {
      return; // the next epoch checks again
    }
    for (NodeCheck check : c.checks()) {
      onCheck(check);
    }
    reconcile();
  }

  private void onCheck(NodeCheck c) {
    int p = c.partition();
    if (c.state() == NodeState.FAILED) {
      uncertain.add(p);
      failures++;
      return;
    }
    uncertain.remove(p);
    boolean ours = c.state() == NodeState.EXISTS && c.owner() == s.id;
    Held h = held.get(p);
    if (h != null) {
      if (ours && c.czxid() == h.czxid) {
        h.verifiedEpoch = s.epoch;
        if (h.releasing && h.drained) {
          toDelete.add(p);
          requestFlush();
        }
        return;
      }
      if (h.termOpen) {
        out.add(new Warn("member " + me + ": the ownership znode of partition " + p
            + " was deleted by someone else"));
      }
      endTerm(h, NODE_DELETED);
      forget(p);
      completeIfReleased();
    } else if (ours && !creating.contains(p)) { // a create of this session whose answer was lost
      held.put(p, new Held(p, c.czxid(), s.assignment == null ? 0 : s.assignment.generation(), s.epoch));
      waiting.remove(p);
    } else if (waiting.contains(p) && c.state() == NodeState.ABSENT) {
      waiting.remove(p); // freed between the create and the watch: take it now
      requestTake();
    }
  }

  void onNodeDeleted(int p) {
    if (waiting.remove(p)) {
      requestTake(); // the partitions freed together are taken in one multi
    } else if (held.containsKey(p) && s.connected) {
      out.add(new CheckOwnerNodes(s.epoch, List.of(p))); // ours, or an earlier znode's event?
    }
  }

  void onDeleted(Deleted d) {
    deleting.removeAll(d.gone());
    deleting.removeAll(d.failed());
    if (d.session() != s.id) {
      return;
    }
    for (int p : d.gone()) {
      Held h = held.get(p);
      if (h != null && h.releasing) {
        forget(p);
        progress = true;
      }
    }
    for (int p : d.failed()) {
      Held h = held.get(p);
      if (h != null && h.releasing) {
        h.verifiedEpoch = 0; // its answer may be lost: verify before deleting again
        uncertain.add(p);
        toDelete.add(p);
        failures++;
      }
    }
    completeIfReleased();
    reconcile();
  }

  void onRevoked(int p, long term) {
    Held h = held.get(p);
    if (h == null || h.term != term) {
      return;
    }
    h.revokeReturned = true;
    if (h.releasing && !h.drained) {
      drained(h, false);
    }
  }

  void onDrainTimeout(int p, long term) {
    Held h = held.get(p);
    if (h != null && h.term == term && h.releasing && !h.drained) {
      drained(h, true);
    }
  }

  // ---- timers, deletes, verification ----

  void requestTake() {
    if (!takeScheduled) {
      takeScheduled = true;
      out.add(new Schedule(new Tick(TickKind.TAKE), BATCH_WINDOW_NANOS));
    }
  }

  void onTakeTick() {
    takeScheduled = false;
    reconcile();
  }

  private void requestFlush() {
    if (!flushScheduled) {
      flushScheduled = true;
      out.add(new Schedule(new Tick(TickKind.FLUSH), BATCH_WINDOW_NANOS));
    }
  }

  void onFlushTick() {
    flushScheduled = false;
    flush();
  }

  /** Deletes the drained znodes that were seen to be this session's in this epoch. */
  void flush() {
    if (!s.connected || toDelete.isEmpty()) {
      return;
    }
    List<Integer> batch = new ArrayList<>();
    for (int p : toDelete) {
      Held h = held.get(p);
      if (h != null && h.releasing && h.drained && h.verifiedEpoch == s.epoch && !deleting.contains(p)) {
        batch.add(p);
      }
    }
    toDelete.removeIf(p -> !held.containsKey(p) || batch.contains(p));
    if (!batch.isEmpty()) {
      deleting.addAll(batch);
      out.add(new DeleteOwnerNodes(s.id, batch));
    }
  }

  /**
   * Checks the znodes whose state is not known in this epoch: every held, waited-for and uncertain one
   * after a reconnect ({@code all}); on a retry, those of the terms not open and the uncertain ones.
   */
  void verify(boolean all) {
    if (!s.connected) {
      return;
    }
    SortedSet<Integer> check = new TreeSet<>(uncertain);
    for (Held h : held.values()) {
      if (all || !h.termOpen || h.verifiedEpoch != s.epoch) {
        check.add(h.partition);
      }
    }
    if (all) {
      check.addAll(waiting);
    }
    if (!check.isEmpty()) {
      out.add(new CheckOwnerNodes(s.epoch, new ArrayList<>(check)));
    }
  }

  /** A task failed: answers in progress may be lost; what they were for is checked again. */
  void recover() {
    uncertain.addAll(creating);
    creating.clear();
    uncertain.addAll(waiting);
    waiting.clear();
    for (int p : deleting) {
      Held h = held.get(p);
      if (h != null) {
        h.verifiedEpoch = 0;
        uncertain.add(p);
        toDelete.add(p);
      }
    }
    deleting.clear();
    takeScheduled = false;
    flushScheduled = false;
  }

  private void forget(int p) {
    held.remove(p);
    toDelete.remove(p);
    uncertain.remove(p);
  }

  /** The session is over: its znodes go with it; every term ends ({@code SESSION_LOST} by default). */
  void forget() {
    endTerms(RevocationReason.SESSION_LOST);
    held.clear();
    creating.clear();
    waiting.clear();
    uncertain.clear();
    toDelete.clear();
    deleting.clear();
  }

  void completeIfReleased() {
    if (s.closing && held.isEmpty() && creating.isEmpty() && !releasedSignalled) {
      releasedSignalled = true;
      out.add(new Released());
    }
  }
}
