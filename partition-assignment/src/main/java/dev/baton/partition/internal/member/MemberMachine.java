package dev.baton.partition.internal.member;

import static dev.baton.recipes.RevocationReason.CLOSED;
import static dev.baton.recipes.RevocationReason.CONNECTION_SUSPENDED;
import static dev.baton.recipes.RevocationReason.SESSION_LOST;

import dev.baton.partition.internal.member.MemberAction.Join;
import dev.baton.partition.internal.member.MemberAction.Leave;
import dev.baton.partition.internal.member.MemberAction.ReadAssignment;
import dev.baton.partition.internal.member.MemberAction.ScheduleRetry;
import dev.baton.partition.internal.member.MemberAction.Warn;
import dev.baton.partition.internal.member.MemberEvent.AssignmentChanged;
import dev.baton.partition.internal.member.MemberEvent.AssignmentRead;
import dev.baton.partition.internal.member.MemberEvent.AssignmentReadFailed;
import dev.baton.partition.internal.member.MemberEvent.Checked;
import dev.baton.partition.internal.member.MemberEvent.Close;
import dev.baton.partition.internal.member.MemberEvent.CreateResults;
import dev.baton.partition.internal.member.MemberEvent.Deleted;
import dev.baton.partition.internal.member.MemberEvent.DrainTimeout;
import dev.baton.partition.internal.member.MemberEvent.Epoch;
import dev.baton.partition.internal.member.MemberEvent.Joined;
import dev.baton.partition.internal.member.MemberEvent.MemberNodeDeleted;
import dev.baton.partition.internal.member.MemberEvent.OwnerNodeDeleted;
import dev.baton.partition.internal.member.MemberEvent.Recover;
import dev.baton.partition.internal.member.MemberEvent.Revoked;
import dev.baton.partition.internal.member.MemberEvent.Shutdown;
import dev.baton.partition.internal.member.MemberEvent.Tick;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.recipes.kernel.ConnectionEpoch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The member's decisions, without I/O, threads or clocks: given an event (and the loop's time, passed
 * in), it updates its state and returns the actions to apply, in order. The I/O layer applies them
 * and feeds their answers back as events. Deterministic, so a test can drive it event by event.
 *
 * <p>Here: the connection and the session, membership, the published assignment, retries and the
 * lifecycle. What to take, release and delete is decided by its {@link Ownerships}, which shares the
 * session's state through a {@link Session} view and writes to the same action list.
 *
 * <p>Safety rules it keeps: a partition is taken only by creating its ownership znode (a term begins
 * only after the create answered that the znode is this session's); a znode is deleted only after its
 * term's {@code revoked} returned or the drain timed out, only through this session, and only once
 * it was seen to be this session's in the current connection epoch (so a delete whose answer was lost
 * is never repeated blindly onto the next owner's znode); a partition whose znode exists is waited for,
 * never taken; a znode of an earlier session of this member is left to expire with it. A suspended
 * connection ends every term at once; a surviving session resumes them with the same token once the
 * znodes are verified and the assignment is read again.
 *
 * <p>Not thread-safe: confined to the member's loop (or a test).
 */
public class MemberMachine {
  private final String me;
  private final Session session = new Session();
  private final Ownerships ownerships;
  private final List<MemberAction> out = new ArrayList<>();
  private final Set<Long> ownSessions = new HashSet<>();
  private boolean joining;
  private boolean duplicate;
  private boolean stale;
  private boolean retryScheduled;
  private int failures;
  private boolean stopped;

  /**
   * @param memberId this member's id, as in the assignment
   * @param drainTimeoutNanos how long a release waits for {@code revoked} before deleting the znode
   */
  public MemberMachine(String memberId, long drainTimeoutNanos) {
    this.me = memberId;
    this.ownerships = createOwnerships(memberId, drainTimeoutNanos, session, out);
  }

  /** The part that decides takes and releases; a test may supply a deliberately broken one. */
  Ownerships createOwnerships(String memberId, long drainTimeoutNanos, Session s,
      List<MemberAction> actions) {
    return new Ownerships(memberId, drainTimeoutNanos, s, actions);
  }

  /** Applies {@code event} at loop time {@code nowNanos}; returns the actions to apply, in order. */
  public List<MemberAction> on(MemberEvent event, long nowNanos) {
    out.clear();
    session.now = nowNanos;
    if (!stopped) {
      dispatch(event);
      int failed = ownerships.collectFailures();
      if (failed > 0) {
        retry(failed);
      } else if (ownerships.collectProgress()) {
        failures = 0;
      }
    }
    return List.copyOf(out);
  }

  private void dispatch(MemberEvent event) {
    if (event instanceof Epoch e) {
      onEpoch(e.epoch());
    } else if (event instanceof AssignmentChanged) {
      if (session.connected && !session.closing) {
        out.add(new ReadAssignment(session.epoch));
      }
    } else if (event instanceof AssignmentRead r) {
      onAssignmentRead(r);
    } else if (event instanceof AssignmentReadFailed f) {
      if (f.epoch() == session.epoch) {
        stale = true;
        retry(1);
      }
    } else if (event instanceof Joined j) {
      onJoined(j);
    } else if (event instanceof MemberNodeDeleted) {
      onMemberNodeDeleted();
    } else if (event instanceof CreateResults r) {
      ownerships.onCreated(r);
    } else if (event instanceof Checked c) {
      ownerships.onChecked(c);
    } else if (event instanceof OwnerNodeDeleted d) {
      ownerships.onNodeDeleted(d.partition());
    } else if (event instanceof Deleted d) {
      ownerships.onDeleted(d);
    } else if (event instanceof Revoked r) {
      ownerships.onRevoked(r.partition(), r.term());
    } else if (event instanceof DrainTimeout t) {
      ownerships.onDrainTimeout(t.partition(), t.term());
    } else if (event instanceof Tick t) {
      onTick(t.kind());
    } else if (event instanceof Recover) {
      joining = false;
      ownerships.recover();
      onTick(MemberEvent.TickKind.RETRY);
    } else if (event instanceof Close) {
      onClose();
    } else if (event instanceof Shutdown) {
      ownerships.endTerms(CLOSED);
      ownerships.forget();
      stopped = true;
    }
  }

  // ---- connection ----

  private void onEpoch(ConnectionEpoch e) {
    if (e.number() <= session.epoch) {
      return; // not newer than what was applied
    }
    session.epoch = e.number();
    switch (e.link()) {
      case SUSPENDED -> {
        session.connected = false;
        ownerships.endTerms(CONNECTION_SUSPENDED);
      }
      case LOST, CLOSED -> {
        session.connected = false;
        ownerships.endTerms(e.link() == ConnectionEpoch.Link.LOST ? SESSION_LOST : CLOSED);
        forgetSession();
      }
      case CONNECTED -> onConnected(e.sessionId());
      default -> throw new IllegalArgumentException("unknown link " + e.link());
    }
  }

  private void onConnected(long sid) {
    session.connected = true;
    session.fresh = false;
    boolean newSession = sid != session.id;
    if (newSession) {
      forgetSession();
      session.id = sid;
      ownSessions.add(sid);
    }
    if (session.closing) {
      if (!newSession) { // finish leaving: the member znode and the drained partitions
        out.add(new Leave(sid));
        ownerships.verify(true);
      }
      return;
    }
    out.add(new ReadAssignment(session.epoch)); // first, so a partition moved meanwhile is not resumed
    if (!newSession) {
      ownerships.verify(true);
    }
    join();
  }

  private void forgetSession() {
    ownerships.forget();
    session.joined = false;
    joining = false;
    ownerships.completeIfReleased();
  }

  // ---- membership and assignment ----

  private void join() {
    if (session.connected && !session.closing && !session.joined && !joining) {
      joining = true;
      out.add(new Join(session.id, ownSessions));
    }
  }

  private void onJoined(Joined j) {
    if (j.session() != session.id) {
      return; // an answer from an earlier session
    }
    joining = false;
    switch (j.outcome()) {
      case JOINED -> {
        session.joined = true;
        duplicate = false;
        if (session.closing) {
          out.add(new Leave(session.id));
        }
        failures = 0;
        ownerships.reconcile();
      }
      case DUPLICATE -> {
        session.joined = false;
        duplicate = true;
      }
      case FAILED -> retry(1);
      default -> throw new IllegalArgumentException("unknown outcome " + j.outcome());
    }
  }

  private void onMemberNodeDeleted() {
    if (session.joined && !session.closing) {
      out.add(new Warn("member " + me + ": its member znode was deleted; joining again"));
    }
    session.joined = false;
    join();
  }

  private void onAssignmentRead(AssignmentRead r) {
    if (r.epoch() != session.epoch || !session.connected) {
      return; // read in an earlier epoch: the reconnect reads again
    }
    stale = false;
    failures = 0;
    session.fresh = true;
    if (r.record() != null) {
      session.assignment = r.record();
    }
    ownerships.reconcile();
  }

  // ---- timers, retries, close ----

  private void onTick(MemberEvent.TickKind kind) {
    switch (kind) {
      case TAKE -> ownerships.onTakeTick();
      case FLUSH -> ownerships.onFlushTick();
      case RETRY -> {
        retryScheduled = false;
        if (!session.connected) {
          return; // the reconnect does it all
        }
        if (stale && !session.closing) {
          out.add(new ReadAssignment(session.epoch));
        }
        ownerships.verify(false);
        join();
        ownerships.reconcile();
        ownerships.flush();
      }
      default -> throw new IllegalArgumentException("unknown tick " + kind);
    }
  }

  /** Asks for a RETRY tick after the backoff, unless one is pending. */
  private void retry(int count) {
    failures += count;
    if (!retryScheduled && !stopped) {
      retryScheduled = true;
      out.add(new ScheduleRetry(Math.max(1, failures)));
    }
  }

  private void onClose() {
    session.closing = true;
    if (!session.connected) {
      forgetSession(); // the znodes go with the session
      return;
    }
    out.add(new Leave(session.id));
    ownerships.reconcile(); // releases everything
  }

  // ---- views, for health and tests ----

  public boolean isJoined() {
    return session.joined;
  }

  public boolean isDuplicate() {
    return duplicate;
  }

  public boolean isConnected() {
    return session.connected;
  }

  /** The generation of the assignment followed, 0 before the first. */
  public long generation() {
    AssignmentRecord a = session.assignment;
    return a == null ? 0 : a.generation();
  }

  /** The session this member acts in, 0 before the first. */
  public long sessionId() {
    return session.id;
  }

  /** The partitions whose ownership znode this member holds, with an open term or not. */
  public Set<Integer> held() {
    return ownerships.heldPartitions();
  }

  public boolean isStopped() {
    return stopped;
  }

  /**
   * The session's state as the machine's parts see it. Written only by {@link MemberMachine}; its
   * {@link Ownerships} read it.
   */
  static final class Session {
    long epoch;
    boolean connected;
    long id;
    boolean closing;
    /** Whether the member znode exists in this session. */
    boolean joined;
    /** Whether the assignment was read in the current epoch. */
    boolean fresh;
    AssignmentRecord assignment;
    long now;
  }
}
