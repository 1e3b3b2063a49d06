// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import dev.baton.testkit.sim.SimRandom;
import dev.baton.testkit.sim.SimZooKeeper;
import dev.baton.testkit.sim.SimZooKeeper.Code;
import dev.baton.testkit.sim.SimZooKeeper.Event;
import dev.baton.testkit.sim.SimZooKeeper.Fault;
import dev.baton.testkit.sim.SimZooKeeper.Mode;
import dev.baton.testkit.sim.SimZooKeeper.Result;
import dev.baton.testkit.sim.SimZooKeeper.Stat;
import dev.baton.testkit.sim.Simulation;
import dev.baton.testkit.sim.Simulation.Step;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One client process: a {@code BatonSession} (a Curator client and its {@code CuratorLiveness}) and
 * one recipe on it, with every thread's work cut into steps the scheduler interleaves:
 *
 * <ul>
 *   <li>the ZooKeeper client's event thread ({@link #zkEvent}): link states go to Curator; watch
 *       callbacks run here (the recipe's {@code onWatch}); on {@code EXPIRED} Curator replaces the
 *       handle, a new session;
 *   <li>Curator's connection-state thread ({@link #curatorState}): {@code CuratorLiveness}
 *       publishes the next epoch, reading the session id from the live handle (dropping a state the
 *       handle contradicts); from now on {@code liveness.current()} (what a term's begin checks) is
 *       it;
 *   <li>the liveness event thread ({@link #deliverEpoch}): the recipe's listener hears the epoch
 *       (its term reacts; its loop is told);
 *   <li>the recipe's threads (its serial loop, the user's): see {@link ElectionRecipe} and {@link
 *       LockRecipe}; their store requests are {@link Call}s;
 *   <li>a store request in two steps: the request reaches the server (with a connection loss before
 *       or after it applied, at the run's rate), then the answer comes back; Curator retries a lost
 *       request once the link is up, up to {@link Settings#maxRetries()} times, or gives up while
 *       the link stays down; a protected create looks for its first attempt's node on a retry;
 *   <li>Curator's background work, one operation at a time while the link is up: guaranteed deletes
 *       ({@code QueueStore.deleteInBackground}, and a protected create's node from an earlier
 *       session), retried until the entry is gone; a sweep's background listing ({@code
 *       QueueStore.sweepInBackground}); and an asynchronous watch, which answers later.
 * </ul>
 */
final class Client {
  static final int W_THREAD = 30;
  private static final int W_RECONNECT = 12;
  private static final int W_GIVE_UP = 2;

  final World world;
  final int index;
  final String label;
  final SimZooKeeper zk;
  final Simulation sim;
  final SimRandom random;
  final Settings settings;

  /** The session of Curator's current ZooKeeper handle. */
  long session;

  /** {@code liveness.current()}. */
  ConnectionEpoch current;

  /** Curator's connection states, in order, not yet handled by its state thread. */
  private final ArrayDeque<State> curatorStates = new ArrayDeque<>();

  /**
   * A connection state and the session of the handle that raised it, which Curator does not pass
   * on: only the simulation knows it (to tell a stale state, finding F7).
   */
  private record State(Link link, long handle) {
    @Override
    public String toString() {
      return link + " of 0x" + Long.toHexString(handle);
    }
  }

  /** The liveness thread's queue: an epoch published, or a new subscription's first delivery. */
  private final ArrayDeque<Delivery> deliveries = new ArrayDeque<>();

  /**
   * An epoch published ({@code first} false), or the first delivery to a new subscription, made
   * when {@code epoch} was current.
   */
  private record Delivery(ConnectionEpoch epoch, boolean first) {
    @Override
    public String toString() {
      return first ? "first (subscribed in " + epoch.number() + ")" : epoch.toString();
    }
  }

  /** Watchers of the current handle: path to the callbacks registered on it. */
  private final Map<String, List<Consumer<String>>> watchers = new HashMap<>();

  /** Curator's background work: guaranteed deletes, asynchronous watches. */
  private final ArrayDeque<Background> background = new ArrayDeque<>();

  /**
   * Answers of asynchronous listings ({@code QueueStore.listAsync}) on their way back to the event
   * thread; a null listing is a failed one.
   */
  private final ArrayDeque<AsyncList> asyncLists = new ArrayDeque<>();

  private record AsyncList(CandidateEvent.Listed listed, Consumer<CandidateEvent.Listed> onAnswer) {
    @Override
    public String toString() {
      return "list-async " + (listed == null ? "failed" : listed);
    }
  }

  /** Names whose watch callback ran on this client (the recipe was told they changed). */
  final Set<String> heard = new HashSet<>();

  /** Why an entry may be left behind, by name or by key (to classify orphans, finding F5). */
  final Map<String, String> orphanHints = new HashMap<>();

  /**
   * Notes a possible cause of an orphan: {@code nameOrKey} an entry's name or a candidate's key.
   */
  void hint(String nameOrKey, String cause) {
    orphanHints.putIfAbsent(nameOrKey, cause);
  }

  /** The one blocking store call in progress (the loop's or the user's), or null. */
  Call call;

  Recipe recipe;

  Client(World world, int index) {
    this.world = world;
    this.index = index;
    this.label = "c" + index;
    this.zk = world.zk;
    this.sim = world.sim;
    this.random = world.random;
    this.settings = world.settings;
    this.session = zk.createSession();
    long live = liveSessionId(); // CuratorLiveness's constructor
    this.current = new ConnectionEpoch(1, live != 0 ? Link.CONNECTED : Link.SUSPENDED, live);
    this.recipe = settings.lock() ? new LockRecipe(this) : new ElectionRecipe(this, 1);
  }

  // ------------------------------------------------------------------ steps

  void offer(List<Step> out, World.Phase phase) {
    if (zk.hasEvent(session)) {
      out.add(new Step("zk-event", new On(label, zk.peek(session)), W_THREAD, this::zkEvent));
    }
    if (!curatorStates.isEmpty()) {
      out.add(
          new Step(
              "curator-state", new On(label, curatorStates.peek()), W_THREAD, this::curatorState));
    }
    if (!deliveries.isEmpty()) {
      out.add(new Step("liveness", new On(label, deliveries.peek()), W_THREAD, this::deliverEpoch));
    }
    boolean linkUp = zk.isLinkUp(session);
    if (call != null) {
      if (call.answer != null) {
        out.add(new Step("answer", new On(label, call), W_THREAD, this::answer));
      } else if (linkUp) {
        out.add(new Step("request", new On(label, call), W_THREAD, this::request));
      } else {
        out.add(new Step("give-up", new On(label, call), W_GIVE_UP, () -> fail(call)));
      }
    }
    if (!asyncLists.isEmpty()) {
      out.add(
          new Step(
              "list-async-answer",
              new On(label, asyncLists.peek()),
              W_THREAD,
              () -> {
                AsyncList a = asyncLists.poll();
                a.onAnswer().accept(a.listed());
              }));
    }
    if (!background.isEmpty() && linkUp) {
      out.add(
          new Step(
              "background", new On(label, background.peek()), W_THREAD / 3, this::backgroundStep));
    }
    if (!linkUp && !zk.isClientClosed(session)) {
      out.add(new Step("reconnect", label, W_RECONNECT, () -> zk.reconnect(session)));
    }
    recipe.offer(out, phase);
    if (phase != World.Phase.RUN) {
      return;
    }
    int f = settings.faultScale();
    if (linkUp) {
      out.add(new Step("disconnect", label, 2 * f, () -> zk.disconnect(session)));
    }
    if (!linkUp && current.link() == Link.SUSPENDED && !zk.isClientClosed(session)) {
      out.add(new Step("client-expiry", label, f, this::clientSideExpiry));
    }
    if (zk.isAlive(session)) {
      out.add(new Step("server-expiry", label, f, () -> zk.expire(session)));
    }
  }

  /** The ZooKeeper client's event thread takes its next event. */
  private void zkEvent() {
    Event e = zk.poll(session);
    switch (e.type()) {
      case SYNC_CONNECTED -> curatorStates.add(new State(Link.CONNECTED, session));
      case DISCONNECTED -> curatorStates.add(new State(Link.SUSPENDED, session));
      case EXPIRED -> {
        curatorStates.add(new State(Link.LOST, session));
        newSession(); // Curator replaces the handle at once
      }
      case NODE_DELETED, NODE_DATA_CHANGED -> {
        List<Consumer<String>> callbacks = watchers.remove(e.path());
        if (callbacks != null) {
          String name = nameOf(e.path());
          heard.add(name);
          for (Consumer<String> cb : callbacks) {
            cb.accept(name);
          }
        }
      }
      default -> {} // NODE_CREATED, NODE_CHILDREN_CHANGED: no such watches; CLOSED
    }
  }

  /**
   * Curator's state thread: {@code CuratorLiveness.stateChanged}. The state does not say which
   * handle it is about: the session id is read from the live handle, if it is connected; a
   * CONNECTED while it is not is dropped, and so is a LOST while it is connected in the session the
   * current epoch already names.
   */
  private void curatorState() {
    State state = curatorStates.poll();
    switch (state.link()) {
      case CONNECTED -> {
        if (state.handle() != session && settings.tolerates(Finding.F7)) {
          // Known finding F7: a CONNECTED of a handle since replaced reads the new handle's id, and
          // is published ahead of the old session's SUSPENDED and LOST. Tolerated: dropped, as a
          // CuratorLiveness that knew each state's session would.
          world.toleratedF7++;
          note(
              () ->
                  "F7 tolerated: "
                      + state
                      + " dropped, the handle is 0x"
                      + Long.toHexString(session));
          return;
        }
        long live = liveSessionId();
        if (live == 0) {
          world.droppedConnected++;
          note(() -> "CONNECTED dropped: the handle is not connected");
          return;
        }
        publish(Link.CONNECTED, live);
      }
      case LOST -> {
        if (current.isConnected() && liveSessionId() == current.sessionId()) {
          world.droppedLost++;
          note(
              () ->
                  "LOST dropped: session 0x" + Long.toHexString(current.sessionId()) + " is live");
          return;
        }
        if (current.sessionId() == session && zk.isAlive(session)) {
          // A LOST of an earlier handle, published with the id of the live one, which the server
          // still holds: its entries are taken for gone.
          world.mislabelledLost++;
          hint(
              "session:" + session,
              "a LOST of an earlier session was published with this live session's id (F7)");
        }
        publish(Link.LOST, current.sessionId());
      }
      default -> publish(Link.SUSPENDED, current.sessionId());
    }
  }

  private void publish(Link link, long sessionId) {
    current = new ConnectionEpoch(current.number() + 1, link, sessionId);
    note(() -> "epoch " + current.number() + " " + link + " 0x" + Long.toHexString(sessionId));
    deliveries.add(new Delivery(current, false));
  }

  /**
   * {@code CuratorLiveness.liveSessionId}: the current handle's session if the handle is connected
   * (the ZooKeeper client's state turns CONNECTED before its event thread hears SyncConnected, and
   * stops being so before it hears Disconnected), else 0.
   */
  private long liveSessionId() {
    return zk.isLinkUp(session) && !zk.isClientClosed(session) ? session : 0;
  }

  /**
   * The liveness event thread runs its next delivery: an epoch published, or the first delivery to
   * a new subscription: {@code CuratorLiveness.subscribe} delivers the epoch current when that task
   * runs, so the epochs published since the subscription, queued behind it, are then skipped (a
   * listener hears each epoch once, in rising order).
   */
  private void deliverEpoch() {
    Delivery d = deliveries.poll();
    if (!d.first()) {
      recipe.deliver(d.epoch());
    } else if (current.number() > d.epoch().number() && settings.tolerates(Finding.F8)) {
      // Known finding F8: the first delivery would skip the epochs published since the
      // subscription. Tolerated: it delivers the epoch of the subscription, the others follow.
      world.toleratedF8++;
      note(() -> "F8 tolerated: first delivery of " + d.epoch().number() + ", not " + current);
      recipe.deliver(d.epoch());
    } else {
      if (current.number() > d.epoch().number()) {
        world.skippingFirstDeliveries++;
      }
      recipe.deliver(current);
    }
  }

  /** A new subscription: its first delivery is queued. */
  void subscribe() {
    deliveries.add(new Delivery(current, true));
  }

  private void newSession() {
    session = zk.createSession();
    watchers.clear();
    note(() -> "new session 0x" + Long.toHexString(session));
  }

  /**
   * Curator gives the session up by itself (its session timeout passed in SUSPENDED, or the
   * ZooKeeper client's own 4/3 rule): LOST and a new handle, while the server may still hold the
   * old session and its entries until it expires it.
   */
  private void clientSideExpiry() {
    long old = session;
    curatorStates.add(new State(Link.LOST, old));
    zk.close(old); // the link is down: the close never reaches the server
    world.abandoned.add(old);
    newSession();
  }

  /** Registers {@code callback} for the next change of {@code name} on the current handle. */
  void addWatcher(String name, Consumer<String> callback) {
    watchers.computeIfAbsent(path(name), p -> new ArrayList<>(2)).add(callback);
  }

  // ------------------------------------------------------------------ store calls

  /** Starts a blocking store call; its owner hears of the answer or the failure. */
  void start(Call c) {
    if (call != null) {
      throw new IllegalStateException(label + ": a call is already in progress: " + call);
    }
    call = c;
  }

  private void request() {
    Call c = call;
    Fault fault = randomFault();
    if (fault != Fault.NONE && sim.verbose()) {
      note(() -> "fault " + fault);
    }
    c.answer = c.request(fault);
  }

  private void answer() {
    Call c = call;
    Answer a = c.answer;
    c.answer = null;
    switch (a.kind) {
      case DONE -> {
        call = null;
        note(() -> "answer " + (a.reply == null ? "ok" : a.reply));
        c.owner.accept(a.reply);
      }
      case MORE -> {} // the next request of the same call
      case LOST -> {
        note(() -> "connection lost");
        if (++c.failures > settings.maxRetries()) {
          fail(c);
        }
      }
    }
  }

  /** The call fails for good (retries or the connection timeout ran out). */
  private void fail(Call c) {
    call = null;
    if (c instanceof EnterCall e) {
      hint(e.key, "its create's answer was lost (retries exhausted)");
    }
    note(() -> "failed: " + c);
    c.onFailure.run();
  }

  /** A connection loss for the next request, at the run's rate; none once the faults stopped. */
  Fault randomFault() {
    if (world.phase == World.Phase.RUN
        && settings.requestLossPercent() > 0
        && random.nextInt(100) < settings.requestLossPercent()) {
      return random.chance(0.5) ? Fault.LOSS_BEFORE : Fault.LOSS_AFTER;
    }
    return Fault.NONE;
  }

  enum Kind {
    DONE,
    MORE,
    LOST
  }

  /** What one request came back with: done (with the reply event, if any), more to do, or lost. */
  record Answer(Kind kind, CandidateEvent reply) {
    static final Answer OK = new Answer(Kind.DONE, null);
    static final Answer MORE = new Answer(Kind.MORE, null);
    static final Answer LOST = new Answer(Kind.LOST, null);

    static Answer of(CandidateEvent reply) {
      return new Answer(Kind.DONE, reply);
    }
  }

  /** One blocking store call: one or more requests, each applied by {@link #request}. */
  abstract class Call {
    /** The epoch read before the request (QueueIo tags replies with it). */
    final long epochBefore = current.number();

    Consumer<CandidateEvent> owner = e -> {};
    Runnable onFailure = () -> {};
    int failures;
    Answer answer;

    abstract Answer request(Fault fault);

    Call then(Consumer<CandidateEvent> onAnswer, Runnable failed) {
      this.owner = onAnswer;
      this.onFailure = failed;
      return this;
    }
  }

  final class ListCall extends Call {
    @Override
    Answer request(Fault fault) {
      Result<List<String>> r = zk.getChildren(session, World.PATH, false, fault);
      return switch (r.code()) {
        case OK -> Answer.of(new CandidateEvent.Listed(epochBefore, shuffled(r.value())));
        case NONODE -> Answer.of(new CandidateEvent.Listed(epochBefore, List.of()));
        default -> lost(r.code());
      };
    }

    @Override
    public String toString() {
      return "list";
    }
  }

  final class InspectCall extends Call {
    private final List<String> names;
    private final List<QueueEntry> found = new ArrayList<>();
    private int next;

    InspectCall(List<String> names) {
      this.names = names;
    }

    @Override
    Answer request(Fault fault) {
      if (next < names.size()) {
        Result<Stat> r = zk.exists(session, path(names.get(next)), false, fault);
        if (r.code() != Code.OK) {
          return lost(r.code());
        }
        if (r.value() != null) {
          found.add(entry(names.get(next), r.value()));
        }
        next++;
      }
      return next < names.size()
          ? Answer.MORE
          : Answer.of(new CandidateEvent.Inspected(epochBefore, found));
    }

    @Override
    public String toString() {
      return "inspect" + names.subList(Math.min(next, names.size()), names.size());
    }
  }

  final class DeleteCall extends Call {
    final String name;

    DeleteCall(String name) {
      this.name = name;
    }

    @Override
    Answer request(Fault fault) {
      Result<Void> r = zk.delete(session, path(name), -1, fault);
      return r.code() == Code.OK || r.code() == Code.NONODE ? Answer.OK : lost(r.code());
    }

    @Override
    public String toString() {
      return "delete " + name;
    }
  }

  /** {@code QueueStore.watch}: getData with a watcher; {@code Gone} at once if it is gone. */
  final class WatchCall extends Call {
    private final String name;
    private final Consumer<String> callback;

    WatchCall(String name, Consumer<String> callback) {
      this.name = name;
      this.callback = callback;
    }

    @Override
    Answer request(Fault fault) {
      Result<SimZooKeeper.Data> r = zk.getData(session, path(name), true, fault);
      return switch (r.code()) {
        case OK -> {
          addWatcher(name, callback);
          yield Answer.OK;
        }
        case NONODE -> Answer.of(new CandidateEvent.Gone(name));
        default -> lost(r.code());
      };
    }

    @Override
    public String toString() {
      return "watch " + name;
    }
  }

  /**
   * Curator's protected ephemeral sequential create, {@code _c_<uuid>-<key>-n_<sequence>}: a retry
   * first looks for a node with its uuid (the first attempt may have reached the server); one found
   * from another session than the first attempt's is deleted in the background and the create made
   * anew; one found comes without a stat, so the store reads it.
   */
  final class EnterCall extends Call {
    private final String key;
    private final String protectedPrefix = "_c_" + random.uuid() + "-";
    private long protectedSession;
    private boolean retry;
    private String found;

    EnterCall(String key) {
      this.key = key;
    }

    @Override
    Answer request(Fault fault) {
      if (found != null) {
        Result<Stat> r = zk.exists(session, path(found), false, fault);
        if (r.code() != Code.OK) {
          return lost(r.code());
        }
        QueueEntry e = r.value() == null ? new QueueEntry(found, 0, 0) : entry(found, r.value());
        return Answer.of(new CandidateEvent.Entered(epochBefore, e));
      }
      if (protectedSession == 0) {
        protectedSession = session;
      }
      if (retry) {
        Result<List<String>> r = zk.getChildren(session, World.PATH, false, fault);
        if (r.code() != Code.OK) {
          return lost(r.code());
        }
        String match = null;
        for (String child : r.value()) {
          if (child.startsWith(protectedPrefix)) {
            match = child;
          }
        }
        if (session != protectedSession) {
          if (match != null) {
            String orphan = match;
            note(() -> "protected mode: " + orphan + " of the old session deleted in background");
            deleteInBackground(match); // FailedDeleteManager: a guaranteed delete
            match = null;
          }
          protectedSession = session;
        }
        if (match != null) {
          found = match;
        } else {
          retry = false; // found nothing: this same attempt now creates
        }
        return Answer.MORE;
      }
      Result<SimZooKeeper.Created> r =
          zk.create(
              session,
              World.PATH + "/" + protectedPrefix + CandidateName.prefixFor(key),
              new byte[0],
              Mode.EPHEMERAL_SEQUENTIAL,
              fault);
      if (r.code() != Code.OK) {
        retry = true;
        return lost(r.code());
      }
      String name = nameOf(r.value().path());
      return Answer.of(new CandidateEvent.Entered(epochBefore, entry(name, r.value().stat())));
    }

    @Override
    public String toString() {
      return "enter" + (found != null ? " (stat " + found + ")" : retry ? " (retry)" : "");
    }
  }

  // ------------------------------------------------------------------ background work

  /**
   * Curator's background work: a guaranteed delete, a sweep's listing, or an asynchronous watch
   * ({@code QueueStore.watchAsync}: {@code onChange} also if the entry is gone already or the watch
   * could not be set).
   */
  private record Background(Call call, String name, Consumer<String> onChange) {
    @Override
    public String toString() {
      return call.toString();
    }
  }

  /**
   * {@code QueueStore.deleteInBackground}: Curator's guaranteed background delete. It waits for the
   * link, is retried after a connection loss as the retry policy allows, and when the policy gives
   * up Curator's {@code FailedDeleteManager} issues it anew, for as long as the client runs; so it
   * ends only when the entry is gone (deleted, or gone with its session). It follows the client's
   * live handle: after a new session it runs in that one (where it deletes an entry of a session
   * the client gave up but the server still holds, and finds an expired session's entry gone).
   */
  void deleteInBackground(String name) {
    world.backgroundDeletes++;
    note(() -> "delete in background " + name);
    background.add(new Background(new GuaranteedDelete(name), null, null));
  }

  /**
   * {@code QueueStore.sweepInBackground} of {@code QueueIo.sweep}: a background listing (retried as
   * the retry policy allows, then given up), then a guaranteed delete of every entry of {@code
   * key}.
   */
  void sweepInBackground(String key) {
    world.sweeps++;
    note(() -> "sweep " + key);
    background.add(new Background(new SweepList(key), null, null));
  }

  private final class GuaranteedDelete extends Call {
    private final String name;

    GuaranteedDelete(String name) {
      this.name = name;
    }

    @Override
    Answer request(Fault fault) {
      Result<Void> r = zk.delete(session, path(name), -1, fault);
      if (r.code() == Code.OK) {
        note(() -> "deleted in background " + name);
      }
      return r.code() == Code.OK || r.code() == Code.NONODE ? Answer.OK : lost(r.code());
    }

    @Override
    public String toString() {
      return "guaranteed-delete " + name;
    }
  }

  private final class SweepList extends Call {
    private final String key;

    SweepList(String key) {
      this.key = key;
    }

    @Override
    Answer request(Fault fault) {
      Result<List<String>> r = zk.getChildren(session, World.PATH, false, fault);
      if (r.code() == Code.NONODE) {
        return Answer.OK;
      }
      if (r.code() != Code.OK) {
        return lost(r.code());
      }
      for (String child : r.value()) {
        if (CandidateName.parse(child).map(n -> n.key().equals(key)).orElse(false)) {
          deleteInBackground(child);
        }
      }
      return Answer.OK;
    }

    @Override
    public String toString() {
      return "sweep " + key;
    }
  }

  /**
   * {@code QueueStore.listAsync} (ZkQueueStore's): without a connected handle it fails at once;
   * else the getChildren goes out now, on the raw handle (no retry), and its answer (the listing,
   * or null for a lost one) comes back later on the event thread.
   */
  void listAsync(Consumer<CandidateEvent.Listed> onAnswer) {
    if (!zk.isLinkUp(session) || zk.isClientClosed(session)) {
      onAnswer.accept(null);
      return;
    }
    Answer a = new ListCall().request(randomFault());
    asyncLists.add(
        new AsyncList(a.kind == Kind.DONE ? (CandidateEvent.Listed) a.reply : null, onAnswer));
  }

  /**
   * {@code QueueStore.watchAsync}: the exists-with-watch request goes out now, before any later
   * request of the session; its answer comes back later. {@code onChange} runs when the entry
   * changes, or if it is gone already, or if the watch could not be set.
   */
  void watchAsync(String name, Consumer<String> onChange) {
    ExistsWatch w = new ExistsWatch(name, onChange);
    Answer a = zk.isLinkUp(session) ? w.request(randomFault()) : Answer.LOST;
    if (a.kind == Kind.DONE && a.reply == null) {
      return; // set
    }
    if (a.kind == Kind.DONE) {
      background.add(new Background(new Callback(name), name, onChange)); // gone: told later
    } else {
      background.add(new Background(w, name, onChange)); // Curator retries it in the background
    }
  }

  private final class ExistsWatch extends Call {
    private final String name;
    private final Consumer<String> onChange;

    ExistsWatch(String name, Consumer<String> onChange) {
      this.name = name;
      this.onChange = onChange;
    }

    @Override
    Answer request(Fault fault) {
      Result<Stat> r = zk.exists(session, path(name), true, fault);
      if (r.code() != Code.OK) {
        return lost(r.code());
      }
      if (r.value() == null) {
        return Answer.of(new CandidateEvent.Gone(name)); // NONODE in the callback
      }
      addWatcher(name, onChange);
      return Answer.OK;
    }

    @Override
    public String toString() {
      return "watch-async " + name;
    }
  }

  /** The answer of an asynchronous watch that found the entry gone, on its way back. */
  private final class Callback extends Call {
    private final String name;

    Callback(String name) {
      this.name = name;
    }

    @Override
    Answer request(Fault fault) {
      return Answer.of(new CandidateEvent.Gone(name));
    }

    @Override
    public String toString() {
      return "watch-async " + name + " (gone)";
    }
  }

  private void backgroundStep() {
    Background b = background.peek();
    Fault fault = randomFault();
    if (fault != Fault.NONE && sim.verbose()) {
      note(() -> "fault " + fault);
    }
    Answer a = b.call.request(fault);
    if (a.kind == Kind.MORE) {
      return;
    }
    if (a.kind == Kind.LOST
        && (b.call instanceof GuaranteedDelete || ++b.call.failures <= settings.maxRetries())) {
      return; // retried; a guaranteed delete for as long as it takes
    }
    background.poll();
    if (a.kind == Kind.LOST && b.call instanceof SweepList sweep) {
      // The last resort failed: the cause of any orphan of this key, whatever else happened to it.
      orphanHints.put(
          "sweep:" + sweep.key, "its sweep's listing failed (connection loss, retries exhausted)");
    }
    if (b.onChange != null && (a.kind == Kind.LOST || a.reply != null)) {
      note(() -> "watch-async: treated as a change of " + b.name);
      if (a.kind == Kind.LOST) {
        hint(
            b.name,
            "its watch could not be set, which counts as a deletion: the machine dropped"
                + " it, to delete it on its next listing, which never came");
      }
      heard.add(b.name);
      b.onChange.accept(b.name);
    }
  }

  /** True if Curator still has background work for this client. */
  boolean backgroundPending() {
    return !background.isEmpty();
  }

  // ------------------------------------------------------------------ helpers

  private Answer lost(Code code) {
    if (code != Code.CONNECTIONLOSS && code != Code.SESSIONEXPIRED) {
      throw new IllegalStateException("unexpected store result " + code);
    }
    return Answer.LOST;
  }

  /** Entries' owners as the store reported them to this client. */
  final Map<String, Long> knownOwner = new HashMap<>();

  private QueueEntry entry(String name, Stat stat) {
    knownOwner.put(name, stat.ephemeralOwner());
    return new QueueEntry(name, stat.czxid(), stat.ephemeralOwner());
  }

  private List<String> shuffled(List<String> names) {
    List<String> out = new ArrayList<>(names);
    for (int i = out.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      String t = out.get(i);
      out.set(i, out.get(j));
      out.set(j, t);
    }
    return out;
  }

  static String path(String name) {
    return World.PATH + "/" + name;
  }

  static String nameOf(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  void note(java.util.function.Supplier<String> text) {
    if (sim.verbose()) {
      sim.note(label + ": " + text.get());
    }
  }

  /** A trace subject: which client, and what. */
  record On(String client, Object what) {
    @Override
    public String toString() {
      return client + " " + what;
    }
  }

  /** The client's state, for a failure report. */
  String describe() {
    return label
        + " session=0x"
        + Long.toHexString(session)
        + (zk.isAlive(session) ? "" : "(dead)")
        + (zk.isLinkUp(session) ? " up" : " down")
        + " current="
        + current.number()
        + "/"
        + current.link()
        + " call="
        + call
        + " background="
        + background
        + " "
        + recipe.describe();
  }
}
