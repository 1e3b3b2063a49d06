package dev.baton.recipes.sim;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.internal.CandidateAction;
import dev.baton.recipes.election.internal.CandidateEvent;
import dev.baton.recipes.election.internal.CandidateMachine;
import dev.baton.recipes.election.internal.CandidateName;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.ConnectionEpoch.Link;
import dev.baton.recipes.kernel.QueueEntry;
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

/**
 * One client process of the simulation, as the real stack would run it, with every thread's work cut
 * into steps the scheduler interleaves:
 *
 * <ul>
 *   <li>the ZooKeeper client's event thread ({@link #deliverZkEvent}): link states become connection
 *       epochs at once (the "real-time" epoch {@link #epoch}, which {@code Lead} checks), the term
 *       reacts to them at once ({@link CandidateMachine#linkReaction}), and the machine hears of them
 *       later through a {@code Link} event in its mailbox; fired watches become {@code Gone} events;
 *       {@code EXPIRED} makes Curator open a new session;
 *   <li>the recipe's serial loop: {@link #handle} gives the machine its next event (a superseded
 *       {@code Link} may be skipped, as {@code Liveness} allows), then the loop applies the actions
 *       in order, local ones at once and each store request as a step of its own;
 *   <li>the store client (Curator) inside a request: a connection loss before or after the server
 *       applied it, retries while the link is down or up to {@link Settings#maxRetries}, a protected
 *       create that looks for its first attempt's node on a retry and has a node of a previous
 *       session deleted in the background; a request that finally fails fails the loop's task (the
 *       rest of the batch is dropped; the loop's recovery pokes the machine after a backoff), except a
 *       {@code Delete}, which the loop retries in the background;
 *   <li>the user: resigning, releasing a lock, giving up a lock attempt.
 * </ul>
 *
 * <p>How a reply to the loop's own request reaches the machine is {@link Settings#replies()}: at once
 * (the loop calls the machine with the reply before anything else, like a nested call), or queued
 * behind the events that came in meanwhile.
 */
final class Client {
  private static final int W_ZK = 30;
  private static final int W_HANDLE = 30;
  private static final int W_ACT = 30;
  private static final int W_IO = 30;
  private static final int W_BACKGROUND = 10;
  private static final int W_RECONNECT = 12;
  private static final int W_GIVE_UP = 2;

  final World world;
  final int index;
  final String label;
  private final SimZooKeeper zk;
  private final Simulation sim;
  private final SimRandom random;
  private final Settings settings;

  // The session, as the ZooKeeper client and Curator hold it.
  long session;
  ConnectionEpoch epoch;
  /** Watchers registered in the current session: path to the attempts that registered one each. */
  private final Map<String, List<Integer>> watchers = new HashMap<>();

  // The recipe: one machine (an election candidate, or the current lock attempt) and its loop.
  int attempt;
  CandidateMachine machine;
  private String key;
  final ArrayDeque<CandidateEvent> mailbox = new ArrayDeque<>();
  final ArrayDeque<CandidateAction> batch = new ArrayDeque<>();
  private Call inFlight;
  /** Requests the loop retries in the background until they succeed: deletes, and (F3) watches. */
  private final ArrayDeque<Call> background = new ArrayDeque<>();
  /** The term the loop has published (active or paused), or null. */
  TermRecord term;
  /** Names whose {@code Gone} the loop handed to the machine (of any attempt). */
  final Set<String> heardGone = new HashSet<>();
  /** The owner session of every entry the store reported to this client. */
  private final Map<String, Long> knownOwner = new HashMap<>();
  private boolean closeRequested;
  /** True once an Enter of this attempt failed for good: its entry may exist unknown to the machine. */
  private boolean enterFailed;
  private boolean swept;

  Client(World world, int index) {
    this.world = world;
    this.index = index;
    this.label = "c" + index;
    this.zk = world.zk;
    this.sim = world.sim;
    this.random = world.random;
    this.settings = world.settings;
    this.session = zk.createSession();
    this.epoch = new ConnectionEpoch(1, Link.SUSPENDED, 0);
    newAttempt();
  }

  /** A new machine (the first candidate, or the next lock attempt) with a key of its own. */
  private void newAttempt() {
    attempt++;
    key = Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
    machine = new CandidateMachine(key, settings.policy(), !settings.lock());
    mailbox.clear();
    batch.clear();
    closeRequested = false;
    enterFailed = false;
    swept = false;
    // Liveness first delivers the epoch current at subscription; then the loop starts.
    mailbox.add(new CandidateEvent.Link(epoch));
    mailbox.add(new CandidateEvent.Poke());
    world.noteAttempt(this);
  }

  /** True if this attempt's machine is done and its loop idle. */
  boolean attemptOver() {
    return machine.isClosed() && batch.isEmpty() && inFlight == null;
  }

  /**
   * Known finding F4: a finished attempt leaves the entry of a create whose answer was lost. If
   * tolerated, the loop sweeps the attempt's key in the background once it is over.
   */
  private void sweepIfTolerated() {
    if (enterFailed && !swept && attemptOver() && Campaign.tolerates("F4")) {
      swept = true;
      world.toleratedF4++;
      background.add(new SweepCall(key));
    }
  }

  // ------------------------------------------------------------------ steps

  void offer(List<Step> out, World.Phase phase) {
    if (enterFailed) {
      sweepIfTolerated();
    }
    if (zk.hasEvent(session)) {
      out.add(new Step("zk-event", new On(label, zk.peek(session)), W_ZK, this::deliverZkEvent));
    }
    if (inFlight == null && batch.isEmpty() && !mailbox.isEmpty()) {
      out.add(new Step("handle", new On(label, mailbox.peek()), W_HANDLE, this::handle));
    }
    if (inFlight == null && !batch.isEmpty()) {
      out.add(new Step("act", new On(label, batch.peek()), W_ACT, this::act));
    }
    boolean linkUp = zk.isLinkUp(session);
    if (inFlight != null) {
      if (linkUp) {
        out.add(new Step("io", new On(label, inFlight), W_IO, this::io));
      } else {
        out.add(new Step("give-up", new On(label, inFlight), W_GIVE_UP, this::giveUp));
      }
    }
    if (!background.isEmpty() && linkUp) {
      out.add(new Step("background", new On(label, background.peek()), W_BACKGROUND,
          this::backgroundRequest));
    }
    if (!linkUp && !zk.isClientClosed(session)) {
      out.add(new Step("reconnect", label, W_RECONNECT, this::reconnect));
    }
    if (phase != World.Phase.RUN) {
      return;
    }
    int f = settings.faultScale();
    if (linkUp) {
      out.add(new Step("disconnect", label, 2 * f, () -> zk.disconnect(session)));
    }
    if (!linkUp && epoch.link() == Link.SUSPENDED && !zk.isClientClosed(session)) {
      out.add(new Step("client-expiry", label, f, this::clientSideExpiry));
    }
    if (zk.isAlive(session)) {
      out.add(new Step("server-expiry", label, f, () -> zk.expire(session)));
    }
    if (settings.lock()) {
      if (attemptOver()) {
        out.add(new Step("new-attempt", label, 3, this::newAttempt));
      } else if (!closeRequested && term != null && term.isActive()) {
        long token = term.token;
        out.add(new Step("release", label, 3, () -> userEvent(
            new CandidateEvent.Resign(token, RevocationReason.RESIGNED))));
      } else if (!closeRequested && term == null && !machine.isClosed()) {
        out.add(new Step("give-up-attempt", label, 1, this::requestClose));
      }
    } else if (!machine.isClosed()) {
      out.add(new Step("resign", label, 1, () -> {
        // resign() (any term), or the term's own handle resigning only itself
        Long token = term == null || random.chance(0.5) ? null : term.token;
        userEvent(new CandidateEvent.Resign(token, RevocationReason.RESIGNED));
      }));
    }
  }

  /** True if the loop has nothing to do but wait for its next event. */
  boolean idle() {
    return batch.isEmpty() && inFlight == null;
  }

  void requestClose() {
    if (!closeRequested && !machine.isClosed()) {
      closeRequested = true;
      userEvent(new CandidateEvent.Close());
    }
  }

  private void userEvent(CandidateEvent e) {
    mailbox.addLast(e);
  }

  // ------------------------------------------------------------------ the event thread

  private void deliverZkEvent() {
    Event e = zk.poll(session);
    switch (e.type()) {
      case SYNC_CONNECTED -> newEpoch(Link.CONNECTED);
      case DISCONNECTED -> newEpoch(Link.SUSPENDED);
      case EXPIRED -> {
        newEpoch(Link.LOST);
        newSession(); // Curator replaces the handle at once
      }
      case NODE_DELETED, NODE_DATA_CHANGED -> {
        List<Integer> registered = watchers.remove(e.path());
        if (registered != null) {
          for (int a : registered) {
            if (a == attempt) {
              mailbox.addLast(new CandidateEvent.Gone(nameOf(e.path())));
            }
          }
        }
      }
      default -> { } // NODE_CREATED, NODE_CHILDREN_CHANGED: no such watches; CLOSED
    }
  }

  /** The link changed: a new epoch now, the term reacts now, the machine hears later. */
  private void newEpoch(Link link) {
    epoch = new ConnectionEpoch(epoch.number() + 1, link, session);
    note(() -> "epoch " + epoch.number() + " " + link);
    CandidateMachine.linkReaction(settings.policy(), epoch).ifPresent(this::applyLocal);
    mailbox.addLast(new CandidateEvent.Link(epoch));
  }

  private void newSession() {
    session = zk.createSession();
    watchers.clear();
    note(() -> "new session 0x" + Long.toHexString(session));
  }

  private void reconnect() {
    zk.reconnect(session);
  }

  /**
   * The client gives its session up by itself (ZooKeeper's client after 4/3 of the timeout without
   * the server, Curator after a timeout in SUSPENDED): LOST and a new session, while the server may
   * still hold the old one and its entries until it expires it.
   */
  private void clientSideExpiry() {
    long old = session;
    newEpoch(Link.LOST);
    zk.close(old); // the link is down: the close never reaches the server
    world.abandoned.add(old);
    newSession();
  }

  // ------------------------------------------------------------------ the loop

  private void handle() {
    CandidateEvent e = mailbox.poll();
    if (e instanceof CandidateEvent.Link l && l.epoch().number() < epoch.number()
        && random.chance(0.3)) {
      note(() -> "superseded, skipped");
      return;
    }
    dispatch(e);
  }

  /**
   * Hands {@code e} to the machine; its actions go first in the batch, before what remains of the
   * batch (a reply fed back at once is handled like a nested call), and the local ones run at once.
   */
  private void dispatch(CandidateEvent e) {
    if (e instanceof CandidateEvent.LeadRefused r && term != null && term.token == r.token()
        && Campaign.tolerates("F1")) {
      // Known finding F1: the machine would forget the term the loop still publishes. Tolerated,
      // the refusal is dropped, as a fixed machine would ignore it.
      world.toleratedF1++;
      note(() -> "F1 tolerated: refusal dropped, " + term + " is published");
      return;
    }
    if (e instanceof CandidateEvent.Gone g) {
      heardGone.add(g.name());
      if (settings.mutation() == Mutation.REVOKE_ON_RELIST && machine.entry().isPresent()
          && machine.entry().get().name().equals(g.name())) {
        e = new CandidateEvent.Poke();
      }
    }
    List<CandidateAction> actions = machine.on(e);
    if (sim.verbose()) {
      CandidateEvent handled = e;
      sim.note(label + " <- " + handled + (actions.isEmpty() ? "" : " -> " + actions));
    }
    for (int i = actions.size() - 1; i >= 0; i--) {
      batch.addFirst(actions.get(i));
    }
    runLocalActions();
  }

  /** Applies the local actions at the head of the batch (they take no time; Lead is a step). */
  private void runLocalActions() {
    while (!batch.isEmpty() && isInstant(batch.peek())) {
      applyLocal(batch.poll());
    }
  }

  private static boolean isInstant(CandidateAction a) {
    return a instanceof CandidateAction.Revoke || a instanceof CandidateAction.Pause
        || a instanceof CandidateAction.Ignore || a instanceof CandidateAction.ListLater;
  }

  private void act() {
    CandidateAction a = batch.poll();
    if (a instanceof CandidateAction.ListQueue) {
      start(new ListCall());
    } else if (a instanceof CandidateAction.Enter) {
      start(new EnterCall());
    } else if (a instanceof CandidateAction.Inspect i) {
      start(new InspectCall(i.names()));
    } else if (a instanceof CandidateAction.Delete d) {
      start(new DeleteCall(d.name()));
    } else if (a instanceof CandidateAction.Watch w) {
      start(new WatchCall(w.name()));
    } else {
      applyLocal(a);
      runLocalActions();
    }
  }

  private void applyLocal(CandidateAction a) {
    if (a instanceof CandidateAction.Lead l) {
      lead(l);
    } else if (a instanceof CandidateAction.Revoke r) {
      if (term != null) {
        TermRecord t = term;
        term = null;
        if (t.revoke(r.reason())) {
          note(() -> "revoked " + t);
        }
      }
    } else if (a instanceof CandidateAction.Pause) {
      if (term != null && term.pause()) {
        note(() -> "paused " + term);
      }
    } else if (a instanceof CandidateAction.ListLater) {
      int at = attempt;
      sim.schedule(random.nextLong(2_000_000_000L), "poke-later", label, () -> {
        if (attempt == at) {
          mailbox.addLast(new CandidateEvent.Poke());
        }
      });
    } else if (a instanceof CandidateAction.Ignore) {
      world.ignored++;
    } else {
      throw new IllegalStateException("not a local action: " + a);
    }
  }

  /** The atomic check-and-publish of a term. */
  private void lead(CandidateAction.Lead l) {
    boolean sameEpoch = epoch.number() == l.epoch();
    if (!sameEpoch && settings.mutation() != Mutation.LEAD_WITHOUT_EPOCH_CHECK) {
      world.leadRefused++;
      note(() -> "refused: epoch is " + epoch.number());
      reply(new CandidateEvent.LeadRefused(l.token()));
      return;
    }
    if (term != null) {
      if (term.token == l.token()) {
        if (term.resume()) {
          note(() -> "resumed " + term);
        }
        return;
      }
      throw world.violation("a term began while the previous one was not revoked: " + term
          + ", new token " + l.token());
    }
    long owner = knownOwner.getOrDefault(l.name(), 0L);
    term = world.begin(this, l.token(), l.name(), owner);
    note(() -> "began " + term);
  }

  private void start(Call call) {
    inFlight = call;
    if (zk.isLinkUp(session)) {
      io();
    }
  }

  private void io() {
    Call call = inFlight;
    Fault fault = Fault.NONE;
    if (settings.requestLossPercent() > 0 && random.nextInt(100) < settings.requestLossPercent()) {
      fault = random.chance(0.5) ? Fault.LOSS_BEFORE : Fault.LOSS_AFTER;
      Fault f = fault;
      note(() -> "fault " + f);
    }
    Outcome o = call.request(fault);
    if (o == Outcome.DONE) {
      inFlight = null;
      runLocalActions();
    } else if (o == Outcome.LOST && ++call.failures > settings.maxRetries()) {
      giveUp();
    }
  }

  /** The store call fails for good (retries or the connection timeout ran out). */
  private void giveUp() {
    Call call = inFlight;
    inFlight = null;
    if (call instanceof DeleteCall) {
      background.add(call); // the loop retries a failed delete
      runLocalActions();
      return;
    }
    if (call instanceof WatchCall && Campaign.tolerates("F3")) {
      // Known finding F3: a failed watch is not set again. Tolerated: retried in the background.
      world.toleratedF3++;
      note(() -> "F3 tolerated: watch retried in the background");
      background.add(call);
    }
    if (call instanceof EnterCall) {
      enterFailed = true;
    }
    note(() -> "task failed; batch dropped: " + batch);
    batch.clear();
    int at = attempt;
    sim.schedule(50_000_000L + random.nextLong(1_000_000_000L), "recover", label, () -> {
      if (attempt == at) {
        mailbox.addLast(new CandidateEvent.Poke());
      }
    });
  }

  private void backgroundRequest() {
    Call call = background.peek();
    if (call.attempt != attempt && call instanceof WatchCall) {
      background.poll(); // the attempt it watched for is over
      return;
    }
    if (call.request(randomFault()) == Outcome.DONE) {
      background.remove(call);
    }
  }

  private Fault randomFault() {
    if (settings.requestLossPercent() > 0 && random.nextInt(100) < settings.requestLossPercent()) {
      return random.chance(0.5) ? Fault.LOSS_BEFORE : Fault.LOSS_AFTER;
    }
    return Fault.NONE;
  }

  /** A reply to the loop's own request: fed to the machine at once, or queued (see {@link Replies}). */
  private void reply(CandidateEvent e) {
    if (settings.replies() == Replies.IMMEDIATE) {
      dispatch(e);
    } else {
      mailbox.addLast(e);
    }
  }

  // ------------------------------------------------------------------ store calls

  private enum Outcome { DONE, MORE, LOST }

  /** One store call in progress; {@link #request} makes one request against the model. */
  private abstract class Call {
    /** The epoch when the loop began the call: replies are tagged with it. */
    final long epochBefore = epoch.number();
    final int attempt = Client.this.attempt;
    int failures;

    abstract Outcome request(Fault fault);
  }

  private final class ListCall extends Call {
    @Override
    Outcome request(Fault fault) {
      Result<List<String>> r = zk.getChildren(session, World.PATH, false, fault);
      return switch (r.code()) {
        case OK -> done(new CandidateEvent.Listed(epochBefore, shuffled(r.value())));
        case NONODE -> done(new CandidateEvent.Listed(epochBefore, List.of()));
        default -> lost(r.code());
      };
    }

    @Override
    public String toString() {
      return "list(epoch " + epochBefore + ")";
    }
  }

  private final class InspectCall extends Call {
    private final List<String> names;
    private final List<QueueEntry> found = new ArrayList<>();
    private int next;

    InspectCall(List<String> names) {
      this.names = names;
    }

    @Override
    Outcome request(Fault fault) {
      if (names.isEmpty()) {
        return done(new CandidateEvent.Inspected(epochBefore, found));
      }
      String name = names.get(next);
      Result<Stat> r = zk.exists(session, path(name), false, fault);
      if (r.code() != Code.OK) {
        return lost(r.code());
      }
      if (r.value() != null) {
        found.add(entry(name, r.value()));
      }
      if (++next < names.size()) {
        return Outcome.MORE;
      }
      return done(new CandidateEvent.Inspected(epochBefore, found));
    }

    @Override
    public String toString() {
      return "inspect" + names.subList(next, names.size());
    }
  }

  private final class DeleteCall extends Call {
    final String name;

    DeleteCall(String name) {
      this.name = name;
    }

    @Override
    Outcome request(Fault fault) {
      Result<Void> r = zk.delete(session, path(name), -1, fault);
      return r.code() == Code.OK || r.code() == Code.NONODE ? Outcome.DONE : lost(r.code());
    }

    @Override
    public String toString() {
      return "delete " + name;
    }
  }

  private final class WatchCall extends Call {
    private final String name;

    WatchCall(String name) {
      this.name = name;
    }

    @Override
    Outcome request(Fault fault) {
      Result<SimZooKeeper.Data> r = zk.getData(session, path(name), true, fault);
      return switch (r.code()) {
        case OK -> {
          watchers.computeIfAbsent(path(name), p -> new ArrayList<>(2)).add(attempt);
          yield Outcome.DONE;
        }
        case NONODE -> {
          if (inFlight == this) {
            yield done(new CandidateEvent.Gone(name));
          }
          mailbox.addLast(new CandidateEvent.Gone(name)); // a background retry: like a watch firing
          yield Outcome.DONE;
        }
        default -> lost(r.code());
      };
    }

    @Override
    public String toString() {
      return "watch " + name;
    }
  }

  /** (F4 tolerated) Lists the queue and deletes, in the background, every entry with {@code key}. */
  private final class SweepCall extends Call {
    private final String infix;

    SweepCall(String key) {
      this.infix = "-" + key + CandidateName.SUFFIX;
    }

    @Override
    Outcome request(Fault fault) {
      Result<List<String>> r = zk.getChildren(session, World.PATH, false, fault);
      if (r.code() != Code.OK) {
        return lost(r.code());
      }
      for (String child : r.value()) {
        if (child.contains(infix)) {
          background.add(new DeleteCall(child));
        }
      }
      return Outcome.DONE;
    }

    @Override
    public String toString() {
      return "sweep" + infix;
    }
  }

  /**
   * Curator's protected ephemeral sequential create: {@code _c_<uuid>-<key>-n_<sequence>}. A retry
   * first looks for a node with its uuid (the first attempt may have reached the server); one found
   * from another session than the first attempt's is deleted in the background and the create made
   * anew. A node found that way comes without a stat, so the store reads it.
   */
  private final class EnterCall extends Call {
    private final String protectedPrefix = "_c_" + random.uuid() + "-";
    private long protectedSession;
    private boolean retry;
    private String found;

    @Override
    Outcome request(Fault fault) {
      if (found != null) {
        Result<Stat> r = zk.exists(session, path(found), false, fault);
        if (r.code() != Code.OK) {
          return lost(r.code());
        }
        QueueEntry e = r.value() == null ? new QueueEntry(found, 0, 0) : entry(found, r.value());
        return done(new CandidateEvent.Entered(epochBefore, e));
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
            note(() -> "protected mode: node of the old session " + orphan + " deleted in background");
            background.add(new DeleteCall(match));
            match = null;
          }
          protectedSession = session;
        }
        if (match != null) {
          found = match;
          return Outcome.MORE;
        }
        retry = false; // found nothing: this same attempt now creates
        return Outcome.MORE;
      }
      Result<SimZooKeeper.Created> r = zk.create(session,
          World.PATH + "/" + protectedPrefix + CandidateName.prefixFor(key), new byte[0],
          Mode.EPHEMERAL_SEQUENTIAL, fault);
      if (r.code() != Code.OK) {
        retry = true;
        return lost(r.code());
      }
      String name = nameOf(r.value().path());
      return done(new CandidateEvent.Entered(epochBefore, entry(name, r.value().stat())));
    }

    @Override
    public String toString() {
      return "enter" + (found != null ? " (stat " + found + ")" : retry ? " (retry)" : "");
    }
  }

  private Outcome done(CandidateEvent reply) {
    if (inFlight == null) {
      throw new IllegalStateException("a reply without a request in flight: " + reply);
    }
    inFlight = null;
    reply(reply);
    return Outcome.DONE;
  }

  private Outcome lost(Code code) {
    if (code != Code.CONNECTIONLOSS && code != Code.SESSIONEXPIRED) {
      throw new IllegalStateException("unexpected store result " + code);
    }
    note(() -> code.toString());
    return Outcome.LOST;
  }

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

  private static String nameOf(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private void note(java.util.function.Supplier<String> text) {
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
    return label + " session=0x" + Long.toHexString(session) + (zk.isAlive(session) ? "" : "(dead)")
        + (zk.isLinkUp(session) ? " up" : " down") + " epoch=" + epoch.number() + "/" + epoch.link()
        + " attempt=" + attempt + " key=" + key + " entry=" + machine.entry().orElse(null)
        + " leading=" + machine.leadingToken().orElse(null) + (machine.isClosed() ? " closed" : "")
        + " term=" + term + " mailbox=" + mailbox + " batch=" + batch + " inFlight=" + inFlight
        + " background=" + background;
  }
}
