// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.CheckOwnerNodes;
import dev.baton.partition.MemberAction.CreateOwnerNodes;
import dev.baton.partition.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.MemberAction.DrainTimedOut;
import dev.baton.partition.MemberAction.EndTerm;
import dev.baton.partition.MemberAction.Join;
import dev.baton.partition.MemberAction.Leave;
import dev.baton.partition.MemberAction.ReadAssignment;
import dev.baton.partition.MemberAction.Released;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberAction.ScheduleRetry;
import dev.baton.partition.MemberEvent.Failed;
import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongFunction;

/**
 * One simulated member: a {@link MemberMachine} and a model of its ZooKeeper client. Requests
 * travel to the server in order and are applied there later; answers come back in order; watch
 * notifications come in order among themselves but may arrive after later answers (the driver runs
 * them as separate loop tasks, sometimes much later); a link going down fails the requests in
 * flight and holds the server's notifications until it is back; sessions expire on the server, or
 * in the client first. OwnershipHandles and callbacks are modelled as the driver does them: the
 * signal drops at {@code EndTerm}, callbacks of a partition run one after the other, {@code
 * revoked} takes a random time, sometimes longer than the drain timeout.
 */
final class SimMember {
  /** A term as the listener sees it: its signal, and whether it was ended (revoked called). */
  static final class Ownership {
    final long term;
    final long token;
    final long session;
    boolean signal = true;
    boolean ended;

    Ownership(long term, long token, long session) {
      this.term = term;
      this.token = token;
      this.session = session;
    }
  }

  private record Request(long handle, LongFunction<MemberEvent> atServer, MemberEvent onFailure) {}

  final String id;
  final MemberMachine machine;
  private final SimWorld w;
  long handle;
  boolean linkUp;
  private boolean lostDelivered;
  private long epochs;
  private long deliveredEpoch;
  private int outages;
  boolean paused;
  private final List<MemberEvent> deferred = new ArrayList<>();
  private static final long MS = 1_000_000L;
  private long inboxAt;
  private long notifyAt;
  private long requestAt;
  private final List<Request> inFlight = new ArrayList<>();
  private final List<SimZooKeeper.Notification> held = new ArrayList<>();
  final Map<Integer, Ownership> ownerships = new TreeMap<>();
  final Map<Integer, Long> callbacksBusyUntil = new TreeMap<>();

  /** The terms whose {@code revoked} callback is running or queued, by partition. */
  final Map<Integer, List<Ownership>> revoking = new TreeMap<>();

  final java.util.Set<String> drainTimedOut = new TreeSet<>();
  boolean released;

  SimMember(String id, MemberMachine machine, SimWorld w) {
    this.id = id;
    this.machine = machine;
    this.w = w;
  }

  // ---- the client's side of the channel ----

  void deliver(MemberEvent e) {
    if (paused) {
      deferred.add(e);
      return;
    }
    if (e instanceof MemberEvent.Epoch ep) {
      if (ep.epoch().number() < epochs && w.chance(0.3)) {
        return; // the session's liveness may skip an epoch superseded before its delivery
      }
      deliveredEpoch = ep.epoch().number();
      if (!ep.epoch().isConnected()) {
        ownerships
            .values()
            .forEach(l -> l.signal = false); // the driver's listener, before the loop
      }
    }
    List<MemberAction> actions = machine.on(e, w.now());
    w.trace(id, " <- ", e, " -> ", actions);
    w.count(e, actions);
    actions.forEach(this::apply);
  }

  private void inbox(MemberEvent e) {
    if (e == null) {
      return; // a request without an answer (leave)
    }
    inboxAt = Math.max(inboxAt, w.now() + w.latency());
    w.at(inboxAt, () -> deliver(e));
  }

  private void epoch(Link link, long session) {
    inbox(new MemberEvent.Epoch(new ConnectionEpoch(++epochs, link, session)));
  }

  /** A notification from the server for {@code session}, when it reaches this client. */
  void notified(SimZooKeeper.Notification n) {
    if (n.session() != handle) {
      return; // an abandoned session's watch: its client is gone
    }
    if (!linkUp) {
      held.add(n);
      return;
    }
    String path = n.path();
    if (path.startsWith("owner/") && n.deleted()) {
      late(new MemberEvent.OwnerNodeDeleted(Integer.parseInt(path.substring(6))));
    } else if (path.startsWith("member/") && n.deleted()) {
      late(new MemberEvent.MemberNodeDeleted());
    } else if (path.equals("assignment")) {
      late(new MemberEvent.AssignmentChanged());
    }
  }

  /**
   * A watch notification reaches the machine in order with the other notifications, but possibly
   * after answers sent later: the driver enqueues it on the loop from ZooKeeper's event thread
   * while the loop may already be consuming later answers synchronously.
   */
  private void late(MemberEvent e) {
    notifyAt =
        Math.max(notifyAt, w.now() + w.latency() + (w.chance(0.2) ? w.between(0, 800) * MS : 0));
    w.at(notifyAt, () -> deliver(e));
  }

  private void send(LongFunction<MemberEvent> atServer, MemberEvent onFailure) {
    if (!linkUp || handle == 0) {
      inbox(onFailure);
      return;
    }
    Request r = new Request(handle, atServer, onFailure);
    inFlight.add(r);
    requestAt = Math.max(requestAt, w.now() + w.latency());
    w.at(requestAt, () -> serve(r));
  }

  private void serve(Request r) {
    if (!inFlight.remove(r)) {
      return; // failed by a disconnect already
    }
    if (!linkUp || r.handle() != handle || !w.zk.isAlive(r.handle())) {
      inbox(r.onFailure());
      return;
    }
    MemberEvent answer = r.atServer().apply(r.handle());
    if (w.chance(w.answerLoss)) { // applied, but the connection drops before the answer
      inbox(r.onFailure());
      linkDown(w.between(50, 400));
      return;
    }
    inbox(answer);
  }

  // ---- faults ----

  void linkDown(long durationMs) {
    if (!linkUp) {
      return;
    }
    linkUp = false;
    int outage = ++outages;
    inFlight.forEach(r -> inbox(r.onFailure()));
    inFlight.clear();
    long session = handle;
    epoch(Link.SUSPENDED, session);
    w.after(
        w.sessionTimeoutJitter(),
        () -> {
          if (!(handle == session && (linkUp || outages != outage))) {
            w.zk.expire(session); // no contact for the session timeout
          }
        });
    w.after(
        w.sessionTimeoutJitter(),
        () -> {
          if (!linkUp && outages == outage && handle == session && !lostDelivered) {
            lostDelivered = true; // the client gives the session up first
            epoch(Link.LOST, session);
          }
        });
    w.after(durationMs * 1_000_000L, this::linkUp);
  }

  void linkUp() {
    if (linkUp) {
      return;
    }
    linkUp = true;
    if (handle != 0 && !lostDelivered && w.zk.isAlive(handle)) {
      epoch(Link.CONNECTED, handle);
      List<SimZooKeeper.Notification> buffered = new ArrayList<>(held);
      held.clear();
      buffered.forEach(this::notified);
      return;
    }
    if (handle != 0 && !lostDelivered) {
      epoch(Link.LOST, handle);
    }
    held.clear();
    handle = w.zk.newSession();
    lostDelivered = false;
    epoch(Link.CONNECTED, handle);
  }

  /** A stop-the-world pause: nothing is processed; the server may expire the session meanwhile. */
  void pause(long durationMs) {
    if (paused) {
      return;
    }
    paused = true;
    long session = handle;
    long timeout = w.sessionTimeoutJitter();
    boolean expires = durationMs * 1_000_000L > timeout && session != 0;
    if (expires) {
      w.after(timeout, () -> w.zk.expire(session));
    }
    w.after(
        durationMs * 1_000_000L,
        () -> {
          paused = false;
          List<MemberEvent> backlog = new ArrayList<>(deferred);
          deferred.clear();
          backlog.forEach(this::deliver);
          if (expires && handle == session) {
            linkDown(w.between(10, 100)); // the server closed the connection during the pause
          }
        });
  }

  // ---- the driver's side: applying the machine's actions ----

  private void apply(MemberAction a) {
    if (a instanceof ReadAssignment r) {
      send(
          h -> new MemberEvent.AssignmentRead(r.epoch(), w.zk.readAssignment(h)),
          new MemberEvent.AssignmentReadFailed(r.epoch()));
    } else if (a instanceof Join j) {
      send(
          h -> new MemberEvent.Joined(j.session(), w.zk.join(h, id, j.earlierSessions())),
          new MemberEvent.Joined(j.session(), MemberEvent.JoinOutcome.FAILED));
    } else if (a instanceof Leave l) {
      send(
          h -> {
            w.zk.leave(l.session(), id);
            return null;
          },
          null);
    } else if (a instanceof CreateOwnerNodes c) {
      boolean watched = w.chance(0.5); // the reads after a failed multi, or a check afterwards
      send(
          h ->
              new MemberEvent.CreateResults(
                  c.epoch(),
                  c.generation(),
                  watched ? w.zk.createWatched(h, c.partitions()) : w.zk.create(h, c.partitions()),
                  watched ? java.util.Set.copyOf(c.partitions()) : java.util.Set.of()),
          new MemberEvent.CreateResults(
              c.epoch(),
              c.generation(),
              c.partitions().stream()
                  .map(p -> (MemberEvent.Take) new Failed(p, true, false))
                  .toList()));
    } else if (a instanceof DeleteOwnerNodes d) {
      w.checker.beforeDelete(this, d);
      send(
          h ->
              h == d.session()
                  ? new MemberEvent.Deleted(d.session(), w.zk.delete(h, d.partitions()), List.of())
                  : new MemberEvent.Deleted(d.session(), List.of(), d.partitions()),
          new MemberEvent.Deleted(d.session(), List.of(), d.partitions()));
    } else if (a instanceof CheckOwnerNodes c) {
      send(
          h ->
              new MemberEvent.Checked(
                  c.epoch(), c.partitions().stream().map(p -> w.zk.check(h, p)).toList()),
          new MemberEvent.Checked(
              c.epoch(), c.partitions().stream().map(NodeCheck::failed).toList()));
    } else if (a instanceof BeginTerm b) {
      w.checker.begin(this, b);
      Ownership ownership = new Ownership(b.term(), b.czxid(), machine.sessionId());
      ownership.signal =
          deliveredEpoch == epochs; // as the driver: the link changed since: not active
      ownerships.put(b.partition(), ownership);
      callback(b.partition(), w.between(0, 5), null);
    } else if (a instanceof EndTerm e) {
      w.checker.end(this, e);
      Ownership ownership = ownerships.get(e.partition());
      ownership.signal = false;
      ownership.ended = true;
      revoking.computeIfAbsent(e.partition(), k -> new ArrayList<>()).add(ownership);
      long ms = w.chance(0.08) ? w.between(1_000, 6_000) : w.between(0, 60);
      callback(
          e.partition(),
          ms,
          () -> {
            revoking.get(e.partition()).remove(ownership);
            deliver(new MemberEvent.Revoked(e.partition(), e.term()));
          });
    } else if (a instanceof Schedule s) {
      w.after(s.delayNanos(), () -> deliver(s.event()));
    } else if (a instanceof ScheduleRetry r) {
      long ms = Math.min(1_000, 100L << Math.min(4, r.attempt() - 1));
      w.after(ms * 1_000_000L, () -> deliver(new MemberEvent.Tick(MemberEvent.TickKind.RETRY)));
    } else if (a instanceof DrainTimedOut d) {
      drainTimedOut.add(d.partition() + ":" + d.term());
    } else if (a instanceof Released) {
      released = true;
    }
  }

  /** Runs a callback of {@code p} after the ones before it (one at a time per partition). */
  private void callback(int p, long ms, Runnable done) {
    long start = Math.max(w.now(), callbacksBusyUntil.getOrDefault(p, 0L));
    long end = start + ms * 1_000_000L;
    callbacksBusyUntil.put(p, end);
    if (done != null) {
      w.at(end, done);
    }
  }
}
