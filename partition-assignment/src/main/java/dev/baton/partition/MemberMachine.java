// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static dev.baton.recipes.RevocationReason.CLOSED;
import static dev.baton.recipes.RevocationReason.CONNECTION_SUSPENDED;
import static dev.baton.recipes.RevocationReason.SESSION_LOST;

import dev.baton.partition.MemberAction.Leave;
import dev.baton.partition.MemberAction.ReadAssignment;
import dev.baton.partition.MemberAction.ScheduleRetry;
import dev.baton.partition.MemberEvent.AssignmentRead;
import dev.baton.partition.MemberEvent.AssignmentReadFailed;
import dev.baton.partition.MemberEvent.Checked;
import dev.baton.partition.MemberEvent.CreateResults;
import dev.baton.partition.MemberEvent.Deleted;
import dev.baton.partition.MemberEvent.DrainTimeout;
import dev.baton.partition.MemberEvent.Epoch;
import dev.baton.partition.MemberEvent.Joined;
import dev.baton.partition.MemberEvent.OwnerNodeDeleted;
import dev.baton.partition.MemberEvent.Revoked;
import dev.baton.partition.MemberEvent.Tick;
import dev.baton.partition.MemberEvent.TickKind;
import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.List;
import java.util.Set;

/**
 * The member's decisions, without I/O, threads or clocks: given an event and the loop's time, it
 * returns the actions to apply, in order; the io feeds their answers back as events. Its parts
 * {@link Joining} and {@link Ownerships} share {@link MemberSession}.
 *
 * <p>Safety rules: a partition is taken only by creating its ownership znode (a term begins only
 * once the create answered that it is this session's); a znode is deleted only after its term's
 * {@code revoked} returned or the drain timed out, only through this session, and only while seen
 * to be this session's in the current epoch (never blindly after a lost answer); a partition whose
 * znode exists is waited for; an earlier session's znode is left to expire. A suspended connection
 * ends every term at once; a surviving session resumes them with the same token once the znodes are
 * verified and the assignment read again. Loop-confined.
 */
final class MemberMachine {
  private final MemberSession s;
  private final Ownerships ownerships;
  private final Joining joining;
  private boolean stale;
  private boolean retryScheduled;
  private int failures;
  private boolean stopped;

  /** {@code drainTimeoutNanos}: how long a release waits for {@code revoked} before deleting. */
  public MemberMachine(String memberId, long drainTimeoutNanos) {
    this(memberId, drainTimeoutNanos, Ownerships::new);
  }

  /** With another {@link Ownerships}, e.g. a test's broken one (a negative control). */
  MemberMachine(String memberId, long drainTimeoutNanos, PartFactory part) {
    this.s = new MemberSession(memberId);
    this.ownerships = part.create(s, drainTimeoutNanos);
    this.joining = new Joining(s);
  }

  @FunctionalInterface
  interface PartFactory {
    Ownerships create(MemberSession s, long drainTimeoutNanos);
  }

  /** Applies {@code event} at loop time {@code nowNanos}; returns the actions, in order. */
  public List<MemberAction> on(MemberEvent event, long nowNanos) {
    s.out.clear();
    s.now = nowNanos;
    s.failures = 0;
    s.progress = false;
    if (!stopped) {
      dispatch(event);
      if (s.failures > 0) {
        retry(s.failures);
      } else if (s.progress) {
        failures = 0;
      }
    }
    return List.copyOf(s.out);
  }

  private void dispatch(MemberEvent event) {
    if (event instanceof Epoch e) {
      onEpoch(e.epoch());
    } else if (event instanceof MemberEvent.AssignmentChanged) {
      if (s.connected && !s.closing) {
        s.out.add(new ReadAssignment(s.epoch));
      }
    } else if (event instanceof AssignmentRead r) {
      onAssignmentRead(r);
    } else if (event instanceof AssignmentReadFailed f) {
      stale |= f.epoch() == s.epoch;
      s.failures += f.epoch() == s.epoch ? 1 : 0;
    } else if (event instanceof Joined j) {
      if (joining.onJoined(j)) {
        ownerships.reconcile();
      }
    } else if (event instanceof MemberEvent.MemberNodeDeleted) {
      joining.onNodeDeleted();
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
    } else if (event instanceof MemberEvent.Recover) {
      joining.recover();
      ownerships.recover();
      onTick(TickKind.RETRY);
    } else if (event instanceof MemberEvent.Close) {
      onClose();
    } else if (event instanceof MemberEvent.Shutdown) {
      ownerships.endTerms(CLOSED);
      ownerships.forget();
      stopped = true;
    }
  }

  private void onEpoch(ConnectionEpoch e) {
    if (e.number() <= s.epoch) {
      return; // not newer than what was applied
    }
    s.epoch = e.number();
    switch (e.link()) {
      case SUSPENDED -> {
        s.connected = false;
        ownerships.endTerms(CONNECTION_SUSPENDED);
      }
      case LOST, CLOSED -> {
        s.connected = false;
        ownerships.endTerms(e.link() == ConnectionEpoch.Link.LOST ? SESSION_LOST : CLOSED);
        forgetSession();
      }
      case CONNECTED -> onConnected(e.sessionId());
      default -> throw new IllegalArgumentException("unknown link " + e.link());
    }
  }

  private void onConnected(long sid) {
    // Epochs may be skipped (a suspension unheard of) and the io drops an ownership's signal when
    // the link changed under it: open terms end now, and resume below once verified.
    ownerships.endTerms(CONNECTION_SUSPENDED);
    s.connected = true;
    s.fresh = false;
    boolean newSession = sid != s.id;
    if (newSession) {
      forgetSession();
      s.id = sid;
      joining.newSession(sid);
    }
    if (s.closing) {
      if (!newSession) { // finish leaving: the member znode and the drained partitions
        s.out.add(new Leave(sid));
        ownerships.verify(true);
      }
      return;
    }
    if (newSession) {
      joining.join(); // first: the assigner hears of a new member one round trip sooner
    }
    s.out.add(new ReadAssignment(s.epoch)); // before any check: a partition moved is not resumed
    if (!newSession) {
      ownerships.verify(true);
    }
    joining.join();
  }

  private void forgetSession() {
    ownerships.forget();
    joining.forget();
    ownerships.completeIfReleased();
  }

  private void onAssignmentRead(AssignmentRead r) {
    if (r.epoch() != s.epoch || !s.connected) {
      return; // read in an earlier epoch: the reconnect reads again
    }
    stale = false;
    s.progress = true;
    s.fresh = true;
    if (r.record() != null) {
      if (s.assignment != null && s.assignment.generation() != r.record().generation()) {
        s.previous = s.assignment;
      }
      s.assignment = r.record();
    }
    ownerships.reconcile();
  }

  private void onTick(TickKind kind) {
    switch (kind) {
      case TAKE -> ownerships.onTakeTick();
      case FLUSH -> ownerships.onFlushTick();
      case RETRY -> {
        retryScheduled = false;
        if (!s.connected) {
          return; // the reconnect does it all
        }
        if (stale && !s.closing) {
          s.out.add(new ReadAssignment(s.epoch));
        }
        ownerships.verify(false);
        joining.join();
        ownerships.reconcile();
        ownerships.flush();
      }
      default -> throw new IllegalArgumentException("unknown tick " + kind);
    }
  }

  /** Asks for a RETRY tick after the backoff of the failure streak, unless one is pending. */
  private void retry(int count) {
    failures += count;
    if (!retryScheduled && !stopped) {
      retryScheduled = true;
      s.out.add(new ScheduleRetry(Math.max(1, failures)));
    }
  }

  private void onClose() {
    s.closing = true;
    if (!s.connected) {
      forgetSession(); // the znodes go with the session
      return;
    }
    s.out.add(new Leave(s.id));
    ownerships.reconcile(); // releases everything
  }

  public boolean isJoined() {
    return s.joined;
  }

  public boolean isDuplicate() {
    return joining.isDuplicate();
  }

  /** The generation of the assignment followed, 0 before the first. */
  public long generation() {
    return s.assignment == null ? 0 : s.assignment.generation();
  }

  public long sessionId() {
    return s.id;
  }

  /** The partitions whose ownership znode this member holds, term open or not. */
  public Set<Integer> held() {
    return ownerships.heldPartitions();
  }

  public boolean isStopped() {
    return stopped;
  }
}
