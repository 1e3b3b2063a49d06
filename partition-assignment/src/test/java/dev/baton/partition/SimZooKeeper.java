// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberEvent.Created;
import dev.baton.partition.MemberEvent.JoinOutcome;
import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.partition.MemberEvent.Take;
import dev.baton.partition.MemberEvent.Taken;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A model of the ZooKeeper server for the simulation: the group's ownership znodes (create if
 * absent, a rising zxid as czxid, an ephemeral owner), member znodes, the assignment znode,
 * sessions that expire (taking their ephemeral znodes with them) and one-shot watches. Requests are
 * applied atomically when the simulation delivers them; notifications go to {@code notify}, which
 * queues them on the watching session's channel. Deterministic: sorted collections only.
 */
final class SimZooKeeper {
  /** An ephemeral znode: its creation zxid and owning session. */
  record Node(long czxid, long owner) {}

  /**
   * A watch notification for {@code session} about {@code path} ({@code owner/<p>}, {@code
   * member/<id>} or {@code assignment}): a deletion, or else a creation or a change.
   */
  record Notification(long session, String path, boolean deleted) {}

  final Map<Integer, Node> owners = new TreeMap<>();
  final Map<String, Node> members = new TreeMap<>();
  private final Map<String, Set<Long>> watches = new TreeMap<>();
  private final Set<Long> alive = new TreeSet<>();
  private final Consumer<Notification> notify;
  private final Consumer<String> violation;
  final Set<Integer> tainted = new TreeSet<>();
  AssignmentRecord assignment;
  private long zxid = 100;
  private long sessions = 0x1000;

  SimZooKeeper(Consumer<Notification> notify, Consumer<String> violation) {
    this.notify = notify;
    this.violation = violation;
  }

  long newSession() {
    long id = ++sessions;
    alive.add(id);
    return id;
  }

  boolean isAlive(long session) {
    return alive.contains(session);
  }

  /** The session ends on the server: its ephemeral znodes go, watchers of them are told. */
  void expire(long session) {
    if (!alive.remove(session)) {
      return;
    }
    new ArrayList<>(owners.entrySet())
        .stream()
            .filter(e -> e.getValue().owner() == session)
            .forEach(e -> deleteOwner(e.getKey()));
    new ArrayList<>(members.entrySet())
        .stream()
            .filter(e -> e.getValue().owner() == session)
            .forEach(
                e -> {
                  members.remove(e.getKey());
                  fire("member/" + e.getKey(), true);
                });
    watches.values().forEach(s -> s.remove(session));
  }

  List<Take> create(long session, List<Integer> partitions) {
    List<Take> out = new ArrayList<>();
    long czxid = ++zxid; // one multi, one transaction
    for (int p : partitions) {
      Node n = owners.get(p);
      if (n == null) {
        owners.put(p, new Node(czxid, session));
        fire("owner/" + p, false); // an exists-watch on an absent znode fires on its creation
        out.add(new Created(p, czxid, session));
      } else if (n.owner() == session) {
        out.add(new Created(p, n.czxid(), session));
      } else {
        out.add(new Taken(p, n.owner()));
      }
    }
    return out;
  }

  /**
   * A create answered with watched reads behind it (as the driver's adapter does after a multi that
   * failed): the same outcomes, and every znode found is watched by {@code session}.
   */
  List<Take> createWatched(long session, List<Integer> partitions) {
    List<Take> out = create(session, partitions);
    partitions.forEach(p -> watch("owner/" + p, session));
    return out;
  }

  NodeCheck check(long session, int p) {
    watch("owner/" + p, session);
    Node n = owners.get(p);
    return n == null ? NodeCheck.absent(p) : NodeCheck.exists(p, n.czxid(), n.owner());
  }

  /** Deletes by path, as ZooKeeper does: whoever's znode is there now. */
  List<Integer> delete(long session, List<Integer> partitions) {
    for (int p : partitions) {
      Node n = owners.get(p);
      if (n != null && n.owner() != session && !tainted.contains(p)) {
        violation.accept(
            "session "
                + Long.toHexString(session)
                + " deleted partition "
                + p
                + "'s znode of session "
                + Long.toHexString(n.owner())
                + " (czxid "
                + n.czxid()
                + ")");
      }
      if (n != null) {
        deleteOwner(p);
      }
    }
    return partitions;
  }

  /** Someone else (an operator, a bug elsewhere) deletes an ownership znode. */
  void intrude(int p) {
    if (owners.containsKey(p)) {
      tainted.add(p);
      deleteOwner(p);
    }
  }

  private void deleteOwner(int p) {
    owners.remove(p);
    fire("owner/" + p, true);
  }

  JoinOutcome join(long session, String id, Set<Long> earlier) {
    watch("member/" + id, session);
    Node n = members.get(id);
    if (n != null && earlier.contains(n.owner()) && n.owner() != session) {
      members.remove(id);
      fire("member/" + id, true);
      watch("member/" + id, session);
      n = null;
    }
    if (n == null) {
      members.put(id, new Node(++zxid, session));
      return JoinOutcome.JOINED;
    }
    return n.owner() == session ? JoinOutcome.JOINED : JoinOutcome.DUPLICATE;
  }

  void leave(long session, String id) {
    Node n = members.get(id);
    if (n != null && n.owner() == session) {
      members.remove(id);
      fire("member/" + id, true);
    }
  }

  AssignmentRecord readAssignment(long session) {
    watch("assignment", session);
    return assignment;
  }

  void publish(AssignmentRecord next) {
    assignment = next;
    ++zxid;
    fire("assignment", false);
  }

  private void watch(String path, long session) {
    watches.computeIfAbsent(path, k -> new LinkedHashSet<>()).add(session);
  }

  private void fire(String path, boolean deleted) {
    Set<Long> watching = watches.remove(path);
    if (watching != null) {
      watching.forEach(s -> notify.accept(new Notification(s, path, deleted)));
    }
  }
}
