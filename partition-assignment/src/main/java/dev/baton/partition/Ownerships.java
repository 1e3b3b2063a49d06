// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static dev.baton.recipes.RevocationReason.CLOSED;
import static dev.baton.recipes.RevocationReason.NODE_DELETED;
import static dev.baton.recipes.RevocationReason.PARTITION_REMOVED;
import static dev.baton.recipes.RevocationReason.REASSIGNED;

import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.CheckOwnerNodes;
import dev.baton.partition.MemberAction.DrainTimedOut;
import dev.baton.partition.MemberAction.EndTerm;
import dev.baton.partition.MemberAction.Released;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberAction.Warn;
import dev.baton.partition.MemberEvent.Checked;
import dev.baton.partition.MemberEvent.CreateResults;
import dev.baton.partition.MemberEvent.Deleted;
import dev.baton.partition.MemberEvent.DrainTimeout;
import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.partition.MemberEvent.NodeState;
import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Per partition ({@link Held}): what to take, resume, release and delete. Pure. */
class Ownerships {
  final MemberSession s;
  private final long drainTimeoutNanos;
  final SortedMap<Integer, Held> held = new TreeMap<>();

  /** Partitions to check before acting on them: a lost answer, a failed check or delete. */
  private final SortedSet<Integer> unsure = new TreeSet<>();

  final Takes takes;
  private final Deletions deletions;
  private boolean releasedSignalled;
  private long terms;

  Ownerships(MemberSession s, long drainTimeoutNanos) {
    this.s = s;
    this.drainTimeoutNanos = drainTimeoutNanos;
    this.takes = new Takes(s, held, unsure);
    this.deletions = new Deletions(s, held);
  }

  Set<Integer> heldPartitions() {
    return Set.copyOf(held.keySet());
  }

  /** Releases what moved, resumes what was verified, and, once joined, takes what is assigned. */
  void reconcile() {
    if (s.closing) {
      new ArrayList<>(held.values())
          .stream().filter(h -> !h.releasing).forEach(h -> release(h, CLOSED));
      completeIfReleased();
      return;
    }
    AssignmentRecord assignment = s.assignment;
    if (!s.connected || assignment == null) {
      return;
    }
    for (Held h : new ArrayList<>(held.values())) {
      if (!h.releasing && !s.mine(h.partition)) {
        release(h, assignment.partitions().contains(h.partition) ? REASSIGNED : PARTITION_REMOVED);
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
      takes.take(assignment);
    }
  }

  private void beginTerm(Held h) {
    h.term = ++terms;
    h.termOpen = true;
    h.revokeReturned = false;
    s.out.add(
        new BeginTerm(
            h.partition, h.term, h.czxid, h.generation, takes.handoff(h.partition), h.begun));
    h.begun = true;
  }

  private void endTerm(Held h, RevocationReason reason) {
    if (h.termOpen) {
      h.termOpen = false;
      s.out.add(new EndTerm(h.partition, h.term, reason));
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
      deletions.draining(h.partition);
      s.out.add(new Schedule(new DrainTimeout(h.partition, h.term), drainTimeoutNanos));
    }
  }

  void drained(Held h, boolean timedOut) {
    h.drained = true;
    if (timedOut) {
      s.out.add(new DrainTimedOut(h.partition, h.term));
    }
    deletions.queue(h.partition);
  }

  /** A create's answer: the terms begin, then the znodes the answer does not watch are checked. */
  void onCreated(CreateResults r) {
    List<Integer> watch = takes.onCreated(r);
    reconcile();
    if (!watch.isEmpty() && s.connected) {
      s.out.add(new CheckOwnerNodes(s.epoch, watch));
    }
  }

  void onChecked(Checked c) {
    if (c.epoch() != s.epoch || !s.connected) {
      return; // the next epoch checks again
    }
    c.checks().forEach(this::onCheck);
    reconcile();
  }

  /** What one check tells; package-private so that a test can break it (a negative control). */
  void onCheck(NodeCheck c) {
    int p = c.partition();
    if (c.state() == NodeState.FAILED) {
      unsure.add(p);
      s.failures++;
      return;
    }
    unsure.remove(p);
    boolean ours = c.state() == NodeState.EXISTS && c.owner() == s.id;
    Held h = held.get(p);
    if (h != null && ours && c.czxid() == h.czxid) {
      h.verifiedEpoch = s.epoch;
      if (h.releasing && h.drained) {
        deletions.queue(p);
      }
    } else if (h != null) { // gone, or another znode in its place
      if (h.termOpen) {
        s.out.add(
            new Warn(
                "member %s: the ownership znode of partition %s was deleted by someone else"
                    .formatted(s.me, p)));
      }
      endTerm(h, NODE_DELETED);
      forget(p);
      completeIfReleased();
    } else if (ours
        && !takes.creating.contains(p)) { // a create of this session whose answer was lost
      held.put(
          p, new Held(p, c.czxid(), s.assignment == null ? 0 : s.assignment.generation(), s.epoch));
      takes.waiting.remove(p);
      takes.freeFollowers(p); // those waited for with it are tried now
    } else if (takes.waiting.contains(p) && c.state() == NodeState.ABSENT) {
      takes.freed(p); // freed between the create and the watch
    }
  }

  void onNodeDeleted(int p) {
    if (takes.waiting.contains(p)) {
      takes.freed(p);
    } else if (held.containsKey(p) && s.connected) {
      s.out.add(new CheckOwnerNodes(s.epoch, List.of(p))); // ours, or an earlier znode's event?
    } else if (takes.creating.contains(p)) {
      takes.deletedWhileCreating(p); // checked once the create's answer is in
    }
  }

  void onDeleted(Deleted d) {
    Deletions.Outcome outcome = deletions.onDeleted(d);
    outcome.gone().forEach(this::forget);
    unsure.addAll(outcome.unsure());
    completeIfReleased();
    reconcile();
  }

  void onRevoked(int p, long term) {
    Held h = held.get(p);
    if (h != null && h.term == term) {
      h.revokeReturned = true;
      if (h.releasing && !h.drained) {
        drained(h, false);
      }
    }
  }

  void onDrainTimeout(int p, long term) {
    Held h = held.get(p);
    if (h != null && h.term == term && h.releasing && !h.drained) {
      drained(h, true);
    }
  }

  void onTakeTick() {
    takes.onTakeTick();
    reconcile();
  }

  void onFlushTick() {
    deletions.onFlushTick();
  }

  void flush() {
    deletions.flush();
  }

  /** Checks the znodes not known in this epoch: all after a reconnect, else the unsure and idle. */
  void verify(boolean all) {
    if (!s.connected) {
      return;
    }
    SortedSet<Integer> check = new TreeSet<>(unsure);
    held.values().stream()
        .filter(h -> all || !h.termOpen || h.verifiedEpoch != s.epoch)
        .forEach(h -> check.add(h.partition));
    if (all) {
      check.addAll(takes.waiting);
    }
    if (!check.isEmpty()) {
      s.out.add(new CheckOwnerNodes(s.epoch, new ArrayList<>(check)));
    }
  }

  /** A task failed: answers in progress may be lost; what they were for is checked again. */
  void recover() {
    unsure.addAll(takes.recover());
    unsure.addAll(deletions.recover());
  }

  private void forget(int p) {
    held.remove(p);
    deletions.forget(p);
    unsure.remove(p);
  }

  /** The session is over: its znodes go with it; every open term ends ({@code SESSION_LOST}). */
  void forget() {
    endTerms(RevocationReason.SESSION_LOST);
    held.clear();
    unsure.clear();
    takes.clear();
    deletions.clear();
  }

  void completeIfReleased() {
    if (s.closing && held.isEmpty() && takes.creating.isEmpty() && !releasedSignalled) {
      releasedSignalled = true;
      s.out.add(new Released());
    }
  }
}
