// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.CandidateAction.Delete;
import dev.baton.recipes.CandidateAction.Enter;
import dev.baton.recipes.CandidateAction.Ignore;
import dev.baton.recipes.CandidateAction.Inspect;
import dev.baton.recipes.CandidateAction.Lead;
import dev.baton.recipes.CandidateAction.ListLater;
import dev.baton.recipes.CandidateAction.ListQueue;
import dev.baton.recipes.CandidateAction.Pause;
import dev.baton.recipes.CandidateAction.Revoke;
import dev.baton.recipes.CandidateAction.Watch;
import dev.baton.recipes.CandidateEvent.Close;
import dev.baton.recipes.CandidateEvent.Entered;
import dev.baton.recipes.CandidateEvent.Gone;
import dev.baton.recipes.CandidateEvent.GoneListed;
import dev.baton.recipes.CandidateEvent.Inspected;
import dev.baton.recipes.CandidateEvent.LeadRefused;
import dev.baton.recipes.CandidateEvent.Link;
import dev.baton.recipes.CandidateEvent.Listed;
import dev.baton.recipes.CandidateEvent.Poke;
import dev.baton.recipes.CandidateEvent.Resign;
import dev.baton.recipes.CandidateOrder.Decision;
import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One queue candidate's decisions (an election's, or a lock attempt's): state + event &rarr;
 * actions, pure (no I/O, threads or clock). It keeps exactly one entry of its current session
 * (deletes its key's others, adopts one the session owns), leads if first, else watches only its
 * predecessor. Deletion of its entry by anyone revokes the term at once. A term begins only under
 * the epoch the queue was read in; a lock attempt ({@code reenter} false) stops once its term ends.
 */
final class CandidateMachine {
  private final String key;
  private final boolean pauseOnSuspend;
  private final boolean reenter;
  private final boolean watchWhenHeld; // true for every election (reenter)

  private @Nullable ConnectionEpoch epoch;
  private @Nullable QueueEntry node;

  /** Own entries whose watch fired or a resign deleted: deleted when listed, never adopted. */
  private final RecentNames deadNames = new RecentNames(MAX_DEAD_NAMES);

  private static final int MAX_DEAD_NAMES = 64;

  private boolean ownWatched;

  /** False until the first {@link Enter}: a candidate with a new key has no entry to look for. */
  private boolean entered;

  private @Nullable Long leading;

  /** The predecessor watched if it was the only entry ahead (read in {@link #soleAheadEpoch}). */
  private @Nullable String soleAhead;

  private long soleAheadEpoch;
  private boolean holdOffReentry;
  private boolean closed;

  /** An election if {@code reenter}; {@code pauseOnSuspend}: pause a suspended term, not end it. */
  public CandidateMachine(String key, boolean pauseOnSuspend, boolean reenter) {
    this(key, pauseOnSuspend, reenter, true);
  }

  /** {@code watchWhenHeld}: a lock attempt watches its held entry, whose deletion ends the hold. */
  public CandidateMachine(
      String key, boolean pauseOnSuspend, boolean reenter, boolean watchWhenHeld) {
    this.key = Objects.requireNonNull(key, "key");
    this.pauseOnSuspend = pauseOnSuspend;
    this.reenter = reenter;
    this.watchWhenHeld = reenter || watchWhenHeld;
  }

  /** What a link change does to a term at once: {@link #on} for {@link Link}, off the loop. */
  public static Optional<CandidateAction> linkReaction(boolean pauseOnSuspend, ConnectionEpoch e) {
    return switch (e.link()) {
      case CONNECTED -> Optional.empty();
      case SUSPENDED ->
          Optional.of(
              pauseOnSuspend ? new Pause() : new Revoke(RevocationReason.CONNECTION_SUSPENDED));
      case LOST -> Optional.of(new Revoke(RevocationReason.SESSION_LOST));
      case CLOSED -> Optional.of(new Revoke(RevocationReason.CLOSED));
    };
  }

  /** Handles {@code event}; returns the actions to apply, in order. */
  public List<CandidateAction> on(CandidateEvent event) {
    List<CandidateAction> out = new ArrayList<>(4);
    String ahead = soleAhead;
    soleAhead = null; // only a FOLLOW decision on a listing sets it again
    if (closed) {
      if (event instanceof Entered en) {
        out.add(new Delete(en.entry().name())); // a create that finished after the close
      }
      return out;
    }
    if (event instanceof Link l) {
      onLink(l.epoch(), out);
    } else if (event instanceof Poke) {
      listIfConnected(out);
    } else if (event instanceof Listed l) {
      onListed(l, out);
    } else if (event instanceof Inspected i) {
      onInspected(i, out);
    } else if (event instanceof Entered en) {
      onEntered(en, out);
    } else if (event instanceof Gone g) {
      if (ahead != null && leadsWhenGone(g.name(), ahead)) {
        lead(soleAheadEpoch, out); // the only entry ahead went: first, without a read
      } else {
        onGone(g.name(), out);
      }
    } else if (event instanceof GoneListed g) {
      onGoneListed(g, out);
    } else if (event instanceof LeadRefused r) {
      if (Objects.equals(leading, r.token())) {
        leading = null; // the link changed; its event brings the next listing
      }
    } else if (event instanceof Resign r) {
      onResign(r, out);
    } else if (event instanceof Close) {
      finish(RevocationReason.CLOSED, out);
    }
    return out;
  }

  private void onLink(ConnectionEpoch e, List<CandidateAction> out) {
    epoch = e;
    if (leading != null) {
      linkReaction(pauseOnSuspend, e)
          .ifPresent(
              a -> {
                if (a instanceof Revoke r) {
                  endTerm(r.reason(), out);
                } else {
                  out.add(a);
                }
              });
    }
    if (closed) {
      return;
    }
    switch (e.link()) {
      case LOST -> {
        node = null; // it goes with the session
        holdOffReentry = reenter;
      }
      case CLOSED -> finish(RevocationReason.CLOSED, out);
      case CONNECTED -> {
        if (node != null && node.ownerSession() != e.sessionId()) {
          endTerm(RevocationReason.SESSION_LOST, out); // a new session: the entry is gone
          node = null;
        }
        if (!entered) {
          enter(out); // nothing of this key can be in the queue yet: skip the listing
        } else {
          listIfConnected(out);
        }
      }
      case SUSPENDED -> {}
    }
  }

  private void onListed(Listed l, List<CandidateAction> out) {
    if (currentEpoch(l.epoch()) == null) {
      return; // read under another epoch: the link's event brings a new listing
    }
    List<CandidateName> queue =
        new ArrayList<>(CandidateOrder.order(l.children(), child -> out.add(new Ignore(child))));
    List<String> others = new ArrayList<>();
    for (CandidateName c : queue) {
      if (c.key().equals(key) && (node == null || !c.name().equals(node.name()))) {
        others.add(c.name());
      }
    }
    for (String dead : deadNames) {
      if (others.remove(dead)) {
        out.add(new Delete(dead)); // its watch fired: never adopt it again
      }
    }
    if (node == null && !others.isEmpty()) {
      out.add(new Inspect(others)); // one of them may be this session's: adopt it, not a second one
      return;
    }
    for (String stale : others) {
      out.add(new Delete(stale));
    }
    queue.removeIf(c -> others.contains(c.name()) || deadNames.contains(c.name()));
    decide(queue, l.epoch(), out);
  }

  private void onInspected(Inspected i, List<CandidateAction> out) {
    ConnectionEpoch now = currentEpoch(i.epoch());
    if (now == null || node != null) {
      return;
    }
    for (QueueEntry e : i.found()) {
      if (node == null && e.ownerSession() == now.sessionId()) {
        adopt(e, out);
      } else {
        out.add(new Delete(e.name()));
      }
    }
    out.add(new ListQueue());
  }

  private void onEntered(Entered en, List<CandidateAction> out) {
    QueueEntry e = en.entry();
    if (node != null || epoch == null || e.ownerSession() != epoch.sessionId()) {
      out.add(new Delete(e.name())); // of another session, or a second one: never keep it
      listIfConnected(out);
      return;
    }
    adopt(e, out);
    out.add(new ListQueue());
  }

  /** Makes {@code e} the entry; an election watches it now, a lock attempt once it holds. */
  private void adopt(QueueEntry e, List<CandidateAction> out) {
    node = e;
    ownWatched = reenter;
    if (ownWatched) {
      out.add(new Watch(e.name(), true));
    }
  }

  private void onGone(String name, List<CandidateAction> out) {
    if (CandidateName.parse(name).map(c -> c.key().equals(key)).orElse(false)) {
      deadNames.add(name); // also if no longer its entry: the io refuses a term on it from now on
    }
    if (node != null && node.name().equals(name)) {
      endTerm(RevocationReason.NODE_DELETED, out); // first: the successor may already lead
      node = null;
      if (closed) {
        return;
      }
    }
    listIfConnected(out);
  }

  /** {@link Gone} plus a listing; the own entry's deletion goes the way of {@link Gone}. */
  private void onGoneListed(GoneListed g, List<CandidateAction> out) {
    if (node != null && node.name().equals(g.name())) {
      onGone(g.name(), out);
      return;
    }
    if (!closed && epoch != null && epoch.isConnected()) {
      onListed(g.listed(), out);
    }
  }

  private void onResign(Resign r, List<CandidateAction> out) {
    Long expected = r.expectedToken();
    if (expected != null && !expected.equals(leading)) {
      return;
    }
    endTerm(r.reason(), out);
    if (closed) {
      return;
    }
    if (node != null) {
      out.add(new Delete(node.name()));
      // A background delete may still be listed: never adopt it (its term would reuse the token).
      deadNames.add(node.name());
      node = null;
    }
    listIfConnected(out);
  }

  private void decide(List<CandidateName> queue, long readIn, List<CandidateAction> out) {
    if (node == null) {
      enter(out);
      return;
    }
    Decision d = CandidateOrder.decide(node.name(), queue);
    switch (d.kind()) {
      case ABSENT -> {
        endTerm(RevocationReason.NODE_DELETED, out);
        node = null;
        if (!closed) {
          enter(out);
        }
      }
      case LEAD -> lead(readIn, out);
      case FOLLOW -> {
        endTerm(RevocationReason.NOT_LOWEST, out);
        if (!closed) {
          String predecessor = Objects.requireNonNull(d.predecessor(), "predecessor");
          if (queue.get(0).name().equals(predecessor)) {
            soleAhead = predecessor;
            soleAheadEpoch = readIn;
          }
          out.add(new Watch(predecessor, false));
        }
      }
    }
  }

  /** The entry is first in the queue read in epoch {@code readIn}: its term begins. */
  private void lead(long readIn, List<CandidateAction> out) {
    QueueEntry own = Objects.requireNonNull(node, "a candidate leads on its entry");
    if (leading != null && leading != own.token()) {
      endTerm(RevocationReason.NODE_DELETED, out);
      if (closed) {
        return;
      }
    }
    leading = own.token();
    if (!ownWatched && watchWhenHeld) {
      ownWatched = true;
      out.add(new Watch(own.name(), true)); // the lock's hold ends with its znode
    }
    out.add(new Lead(readIn, own.token(), own.name()));
  }

  /**
   * True if {@code name}, the only entry ahead in the last listing, went and this lock attempt (not
   * watching its hold, same connected epoch) is first without a read. An election reads, giving the
   * old leader's own deletion event time to end its term first (ExternalDeletionOverlapTest).
   */
  private boolean leadsWhenGone(String name, String ahead) {
    return name.equals(ahead)
        && !closed
        && node != null
        && currentEpoch(soleAheadEpoch) != null
        && !watchWhenHeld;
  }

  /** The predecessor whose {@link Gone} would lead at once (see {@link #leadsWhenGone}), if any. */
  public Optional<String> firstWhenGone() {
    String ahead = soleAhead;
    return ahead != null && leadsWhenGone(ahead, ahead) ? Optional.of(ahead) : Optional.empty();
  }

  private void enter(List<CandidateAction> out) {
    if (holdOffReentry) {
      holdOffReentry = false;
      out.add(new ListLater());
    } else {
      entered = true;
      out.add(new Enter());
    }
  }

  /** Ends the term, if one is current; a lock attempt then stops for good. */
  private void endTerm(RevocationReason reason, List<CandidateAction> out) {
    if (leading == null) {
      return;
    }
    leading = null;
    out.add(new Revoke(reason));
    if (!reenter) {
      finish(reason, out);
    }
  }

  private void finish(RevocationReason reason, List<CandidateAction> out) {
    endTerm(reason, out);
    closed = true;
    if (node != null) {
      out.add(new Delete(node.name()));
      node = null;
    }
  }

  private void listIfConnected(List<CandidateAction> out) {
    if (!closed && epoch != null && epoch.isConnected()) {
      out.add(new ListQueue());
    }
  }

  /** The epoch if a reply read in {@code readIn} is current (that epoch, connected); else null. */
  private @Nullable ConnectionEpoch currentEpoch(long readIn) {
    return epoch != null && epoch.isConnected() && epoch.number() == readIn ? epoch : null;
  }

  /** Runs a throwaway candidate through every event, so that no handover loads classes. */
  public static void preload() {
    String key = "preload";
    String mine = "_c_00000000-0000-0000-0000-000000000000-" + CandidateName.prefixFor(key);
    String before = mine.replace(key, "before");
    mine += CandidateName.sequenceText(2);
    before += CandidateName.sequenceText(1);
    CandidateMachine m = new CandidateMachine(key, false, true);
    ConnectionEpoch up = new ConnectionEpoch(1, ConnectionEpoch.Link.CONNECTED, 1);
    m.on(new Link(up));
    m.on(new Entered(1, new QueueEntry(mine, 2, 1)));
    m.on(new Listed(1, List.of(before, mine)));
    m.on(new Gone(before)); // the only one ahead: leads without a read
    m.on(new LeadRefused(2));
    m.on(new Listed(1, List.of(before, mine)));
    m.on(new GoneListed(before, new Listed(1, List.of(mine))));
    m.on(new LeadRefused(2));
    m.on(new Poke());
    m.on(new Inspected(1, List.of()));
    m.on(new Resign(null, RevocationReason.RESIGNED));
    m.on(new Gone(mine));
    m.on(new Link(new ConnectionEpoch(2, ConnectionEpoch.Link.SUSPENDED, 1)));
    m.on(new Close());
  }

  /** The token of the term this candidate believes it holds (active or paused), if any. */
  public Optional<Long> leadingToken() {
    return Optional.ofNullable(leading);
  }

  /** This candidate's entry in the current session, if any. */
  public Optional<QueueEntry> entry() {
    return Optional.ofNullable(node);
  }

  /** True once closed (or, for a lock attempt, once its term ended). */
  public boolean isClosed() {
    return closed;
  }
}
