// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.testkit.sim.Simulation;
import dev.baton.testkit.sim.Simulation.Step;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code FencedLock} on a client, as it runs:
 *
 * <ul>
 *   <li>{@code acquire(timeout)}: a {@code LockAttempt} on the caller's thread, with a machine of
 *       its own (a lock attempt: {@code reenter} false, the standard policy): it takes its next
 *       event (a reply first, else a link change or a watch from its inbox, skipping epochs already
 *       fed), applies the actions in order (store requests as calls; {@code Delete} as in {@code
 *       QueueIo}: in the background unless connected, else a blocking request that falls back to
 *       the background if it fails; {@code Lead} publishes the hold if {@code liveness.current()}
 *       is still the epoch the queue was read in and the entry's watch has not fired, and the
 *       attempt returns it at once); on its deadline, or when a request fails for good, it
 *       withdraws: the machine's {@code Close} actions, then a background sweep of its key's
 *       entries, a failure only logged;
 *   <li>the hold: ended by the lock's liveness listener on a suspended or lost link, and by the
 *       attempt's watch callback (on the ZooKeeper event thread) if its entry changes; the lock
 *       remembers every entry whose watch fired (the last 64), hold or not, and grants no hold on
 *       one ({@code FencedLock.nodeChanged});
 *   <li>{@code release()}: the hold is revoked, then its entry deleted in the background, not
 *       awaited (Curator's guaranteed delete, retried until the entry is gone); the client may
 *       begin its next attempt at once. The real release of a hold still valid waits for the
 *       delete's answer at most the close timeout and only then leaves it to the background ({@code
 *       FencedLock.deleteConfirmed}); the model, which does not wait, lets the next attempt's
 *       requests overtake the delete, which the real client only does when the link was down at the
 *       release.
 * </ul>
 */
final class LockRecipe implements Recipe {
  private final Client c;
  private final World world;

  private TermRecord hold;
  private Attempt attempt;
  private int attempts;
  private boolean closing;
  private ConnectionEpoch lastDelivered = new ConnectionEpoch(0, ConnectionEpoch.Link.SUSPENDED, 0);

  /** FencedLock's entries whose watch fired: no hold begins on them. */
  private final RecentNames deadNodes = Recipe.deadNodes();

  LockRecipe(Client c) {
    this.c = c;
    this.world = c.world;
    c.subscribe(); // FencedLock's own subscription
  }

  /** One {@code LockAttempt.run}. */
  private final class Attempt {
    final int number = ++attempts;
    final String key = Long.toString(c.random.nextLong() & Long.MAX_VALUE, 36);
    final CandidateMachine machine = new CandidateMachine(key, false /* standard policy */, false);
    final ArrayDeque<CandidateEvent> inbox = new ArrayDeque<>();
    final ArrayDeque<CandidateEvent> ready = new ArrayDeque<>();
    final ArrayDeque<CandidateAction> batch = new ArrayDeque<>();
    final Simulation.Timer deadline;
    long lastEpoch;
    boolean timedOut;
    boolean withdrawing;
    boolean done;

    Attempt() {
      lastEpoch = c.current.number();
      ready.add(new CandidateEvent.Link(c.current));
      deadline =
          c.sim.schedule(
              50_000_000L + c.random.nextLong(3_000_000_000L),
              "deadline",
              c.label,
              () -> timedOut = true);
      world.attempts++;
    }

    /** The attempt's watch callback, on the ZooKeeper event thread. */
    void onWatch(String name) {
      nodeChanged(name);
      if (!done) {
        inbox.add(new CandidateEvent.Gone(name));
      }
    }

    boolean canStep() {
      return !done
          && c.call == null
          && batch.isEmpty()
          && (!ready.isEmpty() || !inbox.isEmpty() || timedOut);
    }

    /** The attempt's thread takes its next event. */
    void step() {
      CandidateEvent event = ready.poll();
      if (event == null) {
        if (timedOut) {
          c.note(() -> "attempt " + number + " timed out");
          withdraw();
          return;
        }
        event = inbox.poll();
        if (event instanceof CandidateEvent.Link l) {
          if (l.epoch().number() <= lastEpoch) {
            return; // already fed
          }
          lastEpoch = l.epoch().number();
        }
      }
      List<CandidateAction> actions = machine.on(event);
      if (c.sim.verbose()) {
        c.sim.note(c.label + " <- " + event + (actions.isEmpty() ? "" : " -> " + actions));
      }
      batch.addAll(actions);
      proceed();
    }

    /**
     * Applies actions in order until one waits for the store, the hold is granted, or none is left.
     */
    void proceed() {
      while (!batch.isEmpty()) {
        CandidateAction a = batch.poll();
        if (a instanceof CandidateAction.Lead l) {
          if (publish(l)) {
            finish();
            return;
          }
          ready.add(new CandidateEvent.LeadRefused(l.token()));
        } else if (storeAction(a)) {
          return;
        }
      }
      if (withdrawing) {
        c.sweepInBackground(key); // LockAttempt.withdraw: after the Close actions
        finish();
      }
    }

    /** QueueIo.apply; true if a store call now runs. */
    boolean storeAction(CandidateAction a) {
      Client.Call call;
      if (a instanceof CandidateAction.ListQueue) {
        call = c.new ListCall();
      } else if (a instanceof CandidateAction.Enter) {
        call = c.new EnterCall(key);
      } else if (a instanceof CandidateAction.Inspect i) {
        call = c.new InspectCall(i.names());
      } else if (a instanceof CandidateAction.Delete d) {
        String name = d.name();
        if (!c.current.isConnected()) {
          c.deleteInBackground(name); // QueueIo: never wait for the link; never leave it behind
          return false;
        }
        c.start(
            c.new DeleteCall(name)
                .then(
                    reply -> proceed(),
                    () -> {
                      c.deleteInBackground(name); // QueueIo: on StoreUnavailableException
                      proceed();
                    }));
        return true;
      } else if (a instanceof CandidateAction.Watch w) {
        if (w.own()) {
          c.watchAsync(w.name(), withdrawing ? n -> {} : this::onWatch);
          return false;
        }
        call = c.new WatchCall(w.name(), this::onWatch);
      } else {
        return false; // Revoke, Pause: no hold before Lead; Ignore; no ListLater in an attempt
      }
      c.start(
          call.then(
              reply -> {
                if (reply != null && !withdrawing) {
                  ready.add(reply);
                }
                proceed();
              },
              this::failed));
      return true;
    }

    /** A request failed for good: the attempt throws; its finally withdraws. */
    void failed() {
      batch.clear();
      if (withdrawing) {
        c.note(() -> "could not withdraw; the entry goes with the session");
        finish();
        return;
      }
      withdraw();
    }

    void withdraw() {
      withdrawing = true;
      batch.clear();
      ready.clear();
      List<CandidateAction> actions = machine.on(new CandidateEvent.Close());
      c.note(() -> "withdraw -> " + actions);
      batch.addAll(actions);
      proceed();
    }

    void finish() {
      done = true;
      deadline.cancel();
      if (attempt == this) {
        attempt = null;
      }
    }

    @Override
    public String toString() {
      return "attempt#"
          + number
          + "{key="
          + key
          + " entry="
          + machine.entry().orElse(null)
          + (withdrawing ? " withdrawing" : "")
          + (timedOut ? " timed-out" : "")
          + " ready="
          + ready
          + " inbox="
          + inbox
          + " batch="
          + batch
          + "}";
    }
  }

  /**
   * FencedLock.publish: the hold, if the epoch is still the one the queue was read in and the
   * entry's watch has not fired.
   */
  private boolean publish(CandidateAction.Lead l) {
    boolean epochOk =
        c.current.number() == l.epoch()
            || c.settings.mutation() == Mutation.LEAD_WITHOUT_EPOCH_CHECK;
    boolean dead = deadNodes.contains(l.name());
    if (!epochOk || dead) {
      world.leadRefused++;
      if (dead) {
        world.refusedDeadNode++;
      }
      c.note(
          () ->
              "hold refused (epoch is "
                  + c.current.number()
                  + (dead ? ", its watch fired" : "")
                  + ")");
      return false;
    }
    if (hold != null) {
      throw world.violation("a second hold on one lock instance: " + hold);
    }
    long owner = c.knownOwner.getOrDefault(l.name(), 0L);
    hold = world.begin(c, attempts, l.token(), l.name(), owner);
    c.note(() -> "holds " + hold);
    return true;
  }

  /** FencedLock.nodeChanged, on the ZooKeeper event thread. */
  private void nodeChanged(String name) {
    deadNodes.add(name); // also before the hold: a listing in flight may grant it
    if (c.settings.mutation() == Mutation.REVOKE_ON_RELIST) {
      return; // the bug: a hold is not ended by its entry's deletion
    }
    if (hold != null && hold.name.equals(name) && hold.revoke(RevocationReason.NODE_DELETED)) {
      c.note(() -> "hold ended: " + hold);
    }
  }

  @Override
  public void deliver(ConnectionEpoch e) {
    if (e.number() <= lastDelivered.number()) {
      return;
    }
    lastDelivered = e;
    // FencedLock.onEpoch: a suspended or lost link ends the hold at once.
    CandidateMachine.linkReaction(false /* standard policy */, e)
        .filter(a -> a instanceof CandidateAction.Revoke)
        .ifPresent(
            a -> {
              if (hold != null && hold.revoke(((CandidateAction.Revoke) a).reason())) {
                c.note(() -> "hold ended: " + hold);
              }
            });
    // The attempt's own subscription.
    if (attempt != null && !attempt.withdrawing) {
      attempt.inbox.add(new CandidateEvent.Link(e));
    }
  }

  @Override
  public void offer(List<Step> out, World.Phase phase) {
    if (attempt != null && attempt.canStep()) {
      out.add(
          new Step(
              "attempt",
              new Client.On(
                  c.label,
                  attempt.ready.isEmpty()
                      ? (attempt.timedOut ? "timed out" : attempt.inbox.peek())
                      : attempt.ready.peek()),
              Client.W_THREAD,
              attempt::step));
    }
    boolean idle = attempt == null && c.call == null;
    if (idle && hold != null && (closing || phase == World.Phase.RUN)) {
      out.add(new Step("release", c.label, closing ? Client.W_THREAD : 3, this::release));
    }
    if (phase == World.Phase.RUN && idle && hold == null) {
      out.add(new Step("acquire", c.label, 3, () -> attempt = new Attempt()));
    }
  }

  /**
   * FencedLock.release: the hold ends, then its entry's delete is sent in the background, without
   * waiting for it.
   */
  private void release() {
    TermRecord h = hold;
    hold = null;
    if (h.revoke(RevocationReason.RESIGNED)) {
      c.note(() -> "released " + h);
    }
    c.deleteInBackground(h.name); // FencedLock.deleteConfirmed, past its wait
  }

  @Override
  public TermRecord term() {
    return hold;
  }

  @Override
  public ConnectionEpoch lastDelivered() {
    return lastDelivered;
  }

  @Override
  public void check() {
    // A revoked hold stays published until released: nothing to check beyond the world's checks.
  }

  @Override
  public List<String> ownedEntries() {
    List<String> out = new ArrayList<>(2);
    if (hold != null) {
      out.add(hold.name);
    }
    if (attempt != null) {
      attempt.machine.entry().ifPresent(e -> out.add(e.name()));
    }
    return out;
  }

  @Override
  public boolean open() {
    return hold != null || attempt != null;
  }

  @Override
  public void close() {
    closing = true;
    if (attempt != null) {
      attempt.timedOut = true;
    }
  }

  @Override
  public boolean finished() {
    return hold == null && attempt == null && c.call == null;
  }

  @Override
  public String describe() {
    return "lock hold=" + hold + " attempt=" + attempt + " deadNodes=" + deadNodes;
  }
}
