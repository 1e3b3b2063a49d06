// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.testkit.sim.Simulation.Step;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;

/**
 * One {@code LeaderElection} instance on a client, as {@code ElectionCore} and {@code CandidateIo}
 * run it on the spi's Shell:
 *
 * <ul>
 *   <li>the liveness listener ({@link #deliver}): the term reacts at once ({@code
 *       CandidateMachine.linkReaction}), then the loop is given {@code Link};
 *   <li>a watch callback, on the ZooKeeper event thread ({@link #onWatch}): the entry is remembered
 *       (a bounded set of the last 64), so that no term begins on it, and if it is the current
 *       term's entry the term ends now ({@code ElectionCore.nodeChanged}); then, for the own entry
 *       (or once closed), the loop is given {@code Gone}; for the predecessor the queue is listed
 *       asynchronously and its answer, on the event thread ({@link #decideNow}), is decided there
 *       if the loop is idle and nothing is pending, up to the first store action, which with the
 *       rest is left pending for the loop (a {@code DRAIN} task; every task works through what is
 *       pending first); else it is given to the loop; a failed listing gives the loop {@code Gone};
 *   <li>the serial loop: one task at a time ({@code feed}): the event and every reply it leads to,
 *       in order, each action applied in turn (local ones at once; store requests as calls, with
 *       other threads' steps in between); a task whose request fails for good is dropped and the
 *       loop's recovery pokes the machine after a backoff; {@code Delete} ({@code QueueIo}) goes to
 *       Curator's guaranteed background delete if the link is not connected, else is a blocking
 *       request that falls back to it if it fails;
 *   <li>{@code ElectionCore.lead}: refused if {@code liveness.current()} is no longer the epoch the
 *       queue was read in, or the entry is one whose watch fired, but then reported as held if a
 *       term of that token is current (paused by the link change that refused it); else resumes the
 *       current term if the token is the same, or revokes it and begins a new one;
 *   <li>the user: {@code resign()}, a callback failure's resign of its term, {@code close()} (the
 *       term revoked at once, then {@code Close} fed on the caller's thread once no task runs, the
 *       key's entries swept in the background, then the loop stopped), and a new instance on the
 *       same session afterwards.
 * </ul>
 */
final class ElectionRecipe implements Recipe {
  private final Client c;
  private final World world;
  final int instance;
  private final String key;
  private final CandidateMachine machine;

  // ElectionCore
  private boolean coreClosed;
  private TermRecord current;

  /** Own entries whose watch fired: no term begins on them. */
  private final RecentNames deadNodes = Recipe.deadNodes();

  // CandidateIo and its shell
  private ConnectionEpoch lastDelivered;
  private boolean subscribed = true;
  private boolean runnerClosed;
  private boolean loopStopped;
  private final ArrayDeque<CandidateEvent> tasks = new ArrayDeque<>();
  private boolean inTask;
  private boolean closingTask;
  private final ArrayDeque<CandidateAction> batch = new ArrayDeque<>();
  private final ArrayDeque<CandidateEvent> replies = new ArrayDeque<>();
  private boolean closeRequested;
  private boolean closeDone;

  /** The term a resign in the current task names: it must be over when the task ends. */
  private TermRecord resigning;

  ElectionRecipe(Client c, int instance) {
    this.c = c;
    this.world = c.world;
    this.instance = instance;
    this.key = Long.toString(c.random.nextLong() & Long.MAX_VALUE, 36);
    this.machine = new CandidateMachine(key, c.settings.pausesOnSuspend(), true);
    this.lastDelivered = new ConnectionEpoch(0, ConnectionEpoch.Link.SUSPENDED, 0);
    c.subscribe(); // start(): the liveness subscription
    world.attempts++;
  }

  // ------------------------------------------------------------------ the listeners

  @Override
  public void deliver(ConnectionEpoch e) {
    if (!subscribed || e.number() <= lastDelivered.number()) {
      return;
    }
    lastDelivered = e;
    CandidateMachine.linkReaction(c.settings.pausesOnSuspend(), e)
        .ifPresent(
            a -> {
              if (a instanceof CandidateAction.Revoke r) {
                revoke(r.reason());
              } else {
                pause();
              }
            });
    execute(new CandidateEvent.Link(e));
  }

  /** The task that works through what the event thread left pending ({@code drainPending}). */
  private static final CandidateEvent DRAIN = new CandidateEvent.Poke();

  /** The predecessor's watch, on the event thread: {@code CandidateIo.onWatch(name, false)}. */
  private void onPredecessorWatch(String name) {
    deadNodes.add(name);
    if (current != null && current.name.equals(name)) {
      revoke(RevocationReason.NODE_DELETED);
    }
    if (runnerClosed) {
      execute(new CandidateEvent.Gone(name));
      return;
    }
    c.listAsync(
        listed -> {
          if (listed == null) {
            execute(new CandidateEvent.Gone(name));
          } else {
            decideNow(new CandidateEvent.GoneListed(name, listed));
          }
        });
  }

  /** {@code Shell.decideNow}, on the event thread. */
  private void decideNow(CandidateEvent e) {
    if (inTask || c.call != null || hasPending()) {
      execute(e); // the loop holds io, or behind what is pending
      return;
    }
    if (runnerClosed) {
      return;
    }
    if (c.sim.verbose()) {
      c.sim.note(c.label + " decides on the event thread");
    }
    inTask = true; // holds io
    replies.add(e);
    while (true) {
      if (!batch.isEmpty()) {
        if (QueueIo.isStoreAction(batch.peek())) {
          inTask = false; // the rest is pending, for the loop
          execute(DRAIN);
          return;
        }
        apply(batch.poll());
      } else if (!replies.isEmpty()) {
        handle(replies.poll());
      } else {
        endTask();
        return;
      }
    }
  }

  /** Work the event thread left to the loop. */
  private boolean hasPending() {
    return !inTask && (!batch.isEmpty() || !replies.isEmpty());
  }

  /** A watch callback of this instance, on the ZooKeeper event thread. */
  private void onWatch(String name) {
    boolean own = machine.entry().map(e -> e.name().equals(name)).orElse(false);
    // ElectionCore.nodeChanged: also when no term exists yet, a listing in flight may lead on it.
    deadNodes.add(name);
    if (c.settings.mutation() == Mutation.REVOKE_ON_RELIST) {
      // The bug: nothing ends the term on the event thread, and the machine only re-lists.
      execute(own ? new CandidateEvent.Poke() : new CandidateEvent.Gone(name));
      return;
    }
    if (current != null && current.name.equals(name)) {
      revoke(RevocationReason.NODE_DELETED);
    }
    execute(new CandidateEvent.Gone(name));
  }

  /** loop.execute: dropped once the loop is stopped. */
  private void execute(CandidateEvent e) {
    if (!loopStopped) {
      tasks.add(e);
    }
  }

  // ------------------------------------------------------------------ steps

  @Override
  public void offer(List<Step> out, World.Phase phase) {
    if (!inTask && c.call == null) {
      if (closeRequested && !closeDone) {
        out.add(new Step("close-feed", c.label, Client.W_THREAD, this::closeFeed));
      } else if (!tasks.isEmpty() && !loopStopped) {
        out.add(
            new Step(
                "task",
                new Client.On(c.label, tasks.peek()),
                Client.W_THREAD,
                () -> feed(tasks.poll())));
      }
    }
    if (phase != World.Phase.RUN) {
      return;
    }
    if (!closeRequested) {
      out.add(
          new Step(
              "resign",
              c.label,
              1,
              () -> execute(new CandidateEvent.Resign(null, RevocationReason.RESIGNED))));
      if (current != null) {
        long token = current.token;
        out.add(
            new Step(
                "callback-failed",
                c.label,
                1,
                () -> execute(new CandidateEvent.Resign(token, RevocationReason.CALLBACK_FAILED))));
      }
      out.add(new Step("leave", c.label, 1, this::close));
    } else if (finished()) {
      out.add(new Step("rejoin", c.label, 2, () -> c.recipe = new ElectionRecipe(c, instance + 1)));
    }
  }

  /** A loop task: feed what is pending, then {@code first} and every reply it leads to. */
  private void feed(CandidateEvent first) {
    if (runnerClosed && !(first instanceof CandidateEvent.Close)) {
      return;
    }
    if (first == DRAIN) {
      if (hasPending()) {
        inTask = true;
        resigning = null;
        proceed();
      }
      return;
    }
    inTask = true;
    resigning =
        first instanceof CandidateEvent.Resign r
                && current != null
                && (r.expectedToken() == null || r.expectedToken() == current.token)
            ? current
            : null;
    replies.add(first); // after what is pending
    proceed();
  }

  private void handle(CandidateEvent e) {
    List<CandidateAction> actions = machine.on(e);
    if (c.sim.verbose()) {
      c.sim.note(c.label + " <- " + e + (actions.isEmpty() ? "" : " -> " + actions));
    }
    batch.addAll(actions);
  }

  /** Applies actions in order until one waits for the store, or the task is done. */
  private void proceed() {
    while (true) {
      if (!batch.isEmpty()) {
        if (apply(batch.poll())) {
          return; // waiting for a store call
        }
      } else if (!replies.isEmpty()) {
        handle(replies.poll());
      } else {
        endTask();
        return;
      }
    }
  }

  private void endTask() {
    inTask = false;
    if (resigning != null) {
      TermRecord t = resigning;
      resigning = null;
      if (!t.isRevoked()) {
        throw world.violation(
            "a resign did not end the term it names: "
                + t
                + " is still published after "
                + c.label
                + "'s loop processed the resign");
      }
    }
    if (closingTask) {
      closingTask = false;
      c.sweepInBackground(key); // CandidateIo.close: the sweep, after feeding Close
      stopLoop();
    }
  }

  /** Applies one action; true if a store call now runs (the task continues when it answers). */
  private boolean apply(CandidateAction a) {
    if (a instanceof CandidateAction.ListQueue) {
      return call(c.new ListCall());
    } else if (a instanceof CandidateAction.Enter) {
      return call(c.new EnterCall(key));
    } else if (a instanceof CandidateAction.Inspect i) {
      return call(c.new InspectCall(i.names()));
    } else if (a instanceof CandidateAction.Delete d) {
      if (!c.current.isConnected()) {
        c.deleteInBackground(d.name()); // QueueIo: never wait for the link; never leave it behind
        return false;
      }
      String name = d.name();
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
        c.watchAsync(w.name(), this::onWatch);
        return false;
      }
      return call(c.new WatchCall(w.name(), this::onPredecessorWatch));
    } else if (a instanceof CandidateAction.Lead l) {
      if (!lead(l)) {
        replies.add(new CandidateEvent.LeadRefused(l.token()));
      }
    } else if (a instanceof CandidateAction.Revoke r) {
      revoke(r.reason());
    } else if (a instanceof CandidateAction.Pause) {
      pause();
    } else if (a instanceof CandidateAction.ListLater) {
      c.sim.schedule(
          c.random.nextLong(2_000_000_000L),
          "poke-later",
          c.label,
          () -> execute(new CandidateEvent.Poke()));
    } else if (a instanceof CandidateAction.Ignore) {
      world.ignored++;
    }
    return false;
  }

  private boolean call(Client.Call call) {
    c.start(
        call.then(
            reply -> {
              if (reply != null) {
                replies.add(reply);
              }
              proceed();
            },
            this::taskFailed));
    return true;
  }

  /** The task threw: the loop logs it and runs its recovery (a Poke) after a backoff. */
  private void taskFailed() {
    batch.clear();
    replies.clear();
    resigning = null;
    inTask = false;
    if (closingTask) {
      closingTask = false; // close() throws; its finally still stops the loop
      stopLoop();
      return;
    }
    c.sim.schedule(
        50_000_000L + c.random.nextLong(1_000_000_000L),
        "recover",
        c.label,
        () -> execute(new CandidateEvent.Poke()));
  }

  // ------------------------------------------------------------------ ElectionCore

  private boolean lead(CandidateAction.Lead l) {
    boolean epochOk =
        c.current.number() == l.epoch()
            || c.settings.mutation() == Mutation.LEAD_WITHOUT_EPOCH_CHECK;
    boolean dead = deadNodes.contains(l.name());
    if (coreClosed || !epochOk || dead) {
      // Refused; but a term of this token that is already current (paused by the link change that
      // made the epoch stale) stays the machine's to end: reported as held.
      boolean held = current != null && current.token == l.token();
      world.leadRefused++;
      if (dead) {
        world.refusedDeadNode++;
      }
      if (held) {
        world.refusedButHeld++;
      }
      c.note(
          () ->
              "lead refused (epoch is "
                  + c.current.number()
                  + (dead ? ", its watch fired" : "")
                  + ")"
                  + (held ? ", " + current + " still held" : ""));
      return held;
    }
    if (current != null && current.token == l.token()) {
      if (current.resume(c.current)) {
        c.note(() -> "resumed " + current);
      }
      return true;
    }
    revoke(RevocationReason.NODE_DELETED);
    long owner = c.knownOwner.getOrDefault(l.name(), 0L);
    current = world.begin(c, instance, l.token(), l.name(), owner);
    c.note(() -> "began " + current);
    return true;
  }

  private void revoke(RevocationReason reason) {
    TermRecord t = current;
    current = null;
    if (t != null && t.revoke(reason)) {
      c.note(() -> "revoked " + t);
    }
  }

  private void pause() {
    if (current != null && current.pause()) {
      c.note(() -> "paused " + current);
    }
  }

  // ------------------------------------------------------------------ close

  /** {@code ElectionCore.close()}: the term ends now; {@code Close} is fed once no task runs. */
  @Override
  public void close() {
    if (closeRequested) {
      return;
    }
    closeRequested = true;
    coreClosed = true;
    revoke(RevocationReason.CLOSED);
  }

  private void closeFeed() {
    for (CandidateAction a : batch) { // takePending: only the deletes survive a close
      if (a instanceof CandidateAction.Delete d) {
        c.deleteInBackground(d.name());
      }
    }
    batch.clear();
    replies.clear();
    runnerClosed = true;
    closingTask = true;
    inTask = true;
    handle(new CandidateEvent.Close());
    proceed();
  }

  private void stopLoop() {
    subscribed = false;
    loopStopped = true;
    tasks.clear();
    closeDone = true;
  }

  // ------------------------------------------------------------------ checks

  @Override
  public TermRecord term() {
    return current;
  }

  @Override
  public ConnectionEpoch lastDelivered() {
    return lastDelivered;
  }

  @Override
  public void check() {
    if (current != null && current.isRevoked()) {
      throw world.violation("a revoked term is still the current one: " + current);
    }
    if (coreClosed && current != null) {
      throw world.violation("a closed election still has a term: " + current);
    }
    if (current != null
        && !inTask
        && !hasPending()
        && c.call == null
        && !machine.leadingToken().equals(Optional.of(current.token))) {
      throw world.violation(
          "the machine forgot the term its loop publishes: "
              + current
              + ", the machine leads "
              + machine.leadingToken().orElse(null));
    }
  }

  @Override
  public List<String> ownedEntries() {
    return machine.entry().map(e -> List.of(e.name())).orElse(List.of());
  }

  @Override
  public boolean open() {
    return !closeRequested;
  }

  @Override
  public boolean finished() {
    return closeDone && !inTask;
  }

  /** The machine, for the settle check. */
  CandidateMachine machine() {
    return machine;
  }

  @Override
  public String describe() {
    return "election#"
        + instance
        + " key="
        + key
        + " entry="
        + machine.entry().orElse(null)
        + " leading="
        + machine.leadingToken().orElse(null)
        + (machine.isClosed() ? " closed" : "")
        + " term="
        + current
        + " deadNodes="
        + deadNodes
        + " tasks="
        + tasks
        + " batch="
        + batch
        + " replies="
        + replies
        + (inTask ? " in-task" : "")
        + (closeRequested ? " closing" : "")
        + (closeDone ? " closed" : "");
  }
}
