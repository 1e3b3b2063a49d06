// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.MemberAction.EndTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The simulation's safety properties, checked at every action and after every step:
 *
 * <ol>
 *   <li>no partition has two active ownerships among members whose ownership's session is alive on
 *       the server;
 *   <li>the tokens of a partition's terms begun in live sessions never fall, and a token is reused
 *       only by the member that holds it (a term resumed after a reconnect); a paused member may
 *       still begin a term late in a session already dead, which the fence stops;
 *   <li>per member and partition, terms alternate: every begun term is ended exactly once before
 *       the next begins (and, at the end, all are ended);
 *   <li>a member deletes an ownership znode only once every {@code revoked} of its session's terms
 *       of that partition returned, or the drain of its latest term timed out;
 *   <li>a session deletes only its own ownership znodes (checked by {@link SimZooKeeper}).
 * </ol>
 *
 * Partitions whose znode an intruder deleted are exempt from 1, 2, 4 and 5: that breaks the
 * premise.
 */
final class SimChecker {
  final List<String> violations = new ArrayList<>();
  private final Map<Integer, Long> lastToken = new TreeMap<>();
  private final Map<Integer, String> lastHolder = new TreeMap<>();
  private final SimWorld w;

  SimChecker(SimWorld w) {
    this.w = w;
  }

  void begin(SimMember m, BeginTerm b) {
    int p = b.partition();
    SimMember.Ownership open = m.ownerships.get(p);
    if (open != null && !open.ended) {
      fail(
          m.id
              + " began term "
              + b.term()
              + " of partition "
              + p
              + " while term "
              + open.term
              + " is open");
    }
    if (!w.zk.isAlive(m.machine.sessionId()) || w.zk.tainted.contains(p)) {
      return; // a paused member's late start in a dead session (a zombie the fence stops), or an
      // intruder deleted the znode under its owner
    }
    Long last = lastToken.get(p);
    if (last != null
        && (b.czxid() < last || (b.czxid() == last && !m.id.equals(lastHolder.get(p))))) {
      fail(
          m.id
              + " began partition "
              + p
              + " with token "
              + b.czxid()
              + " after token "
              + last
              + " of "
              + lastHolder.get(p));
    }
    lastToken.put(p, b.czxid());
    lastHolder.put(p, m.id);
  }

  void end(SimMember m, EndTerm e) {
    SimMember.Ownership open = m.ownerships.get(e.partition());
    if (open == null || open.ended || open.term != e.term()) {
      fail(
          m.id
              + " ended term "
              + e.term()
              + " of partition "
              + e.partition()
              + " that is not open");
    }
  }

  void beforeDelete(SimMember m, DeleteOwnerNodes d) {
    for (int p : d.partitions()) {
      if (w.zk.tainted.contains(p)) {
        continue;
      }
      SimMember.Ownership latest = m.ownerships.get(p);
      boolean open = latest != null && !latest.ended && latest.session == d.session();
      boolean running =
          m.revoking.getOrDefault(p, List.of()).stream().anyMatch(l -> l.session == d.session());
      boolean timedOut =
          latest != null
              && latest.session == d.session()
              && m.drainTimedOut.contains(p + ":" + latest.term);
      if (open || (running && !timedOut)) {
        fail(m.id + " deletes partition " + p + "'s znode before its drain ended");
      }
    }
  }

  /** After every step: no two live owners of a partition. */
  void afterStep(List<SimMember> members) {
    Map<Integer, String> owner = new TreeMap<>();
    for (SimMember m : members) {
      m.ownerships.forEach(
          (p, ownership) -> {
            if (ownership.signal && w.zk.isAlive(ownership.session) && !w.zk.tainted.contains(p)) {
              String other = owner.put(p, m.id);
              if (other != null) {
                fail(
                    "partition "
                        + p
                        + " has two active ownerships with live sessions: "
                        + other
                        + " and "
                        + m.id);
              }
            }
          });
    }
  }

  /** At the end, after every member shut down: every term was ended. */
  void allEnded(List<SimMember> members) {
    for (SimMember m : members) {
      m.ownerships.forEach(
          (p, ownership) -> {
            if (!ownership.ended) {
              fail(m.id + " never ended term " + ownership.term + " of partition " + p);
            }
          });
    }
  }

  void fail(String violation) {
    if (violations.size() < 20) {
      violations.add("t=" + w.now() / 1_000_000 + "ms " + violation);
    }
  }
}
