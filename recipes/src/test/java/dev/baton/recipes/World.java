// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import dev.baton.testkit.sim.SimRandom;
import dev.baton.testkit.sim.SimZooKeeper;
import dev.baton.testkit.sim.SimZooKeeper.Mode;
import dev.baton.testkit.sim.Simulation;
import dev.baton.testkit.sim.Simulation.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * One simulated run: a ZooKeeper model, {@link Settings#candidates()} clients each running a recipe
 * ({@link ElectionRecipe} or {@link LockRecipe}, the real {@code CandidateMachine} inside), faults,
 * and the invariants checked after every step. A run is a function of its seed.
 *
 * <p>Three phases. RUN: {@link Settings#steps()} random steps, faults included (link cuts, server
 * and client-side expiries, connection losses on requests, operator deletes, users resigning,
 * leaving, rejoining, acquiring, releasing, timing out). SETTLE: no new faults; links come back,
 * the server expires abandoned sessions, timers fire, every notification is delivered, until
 * nothing is left to do; then {@link #checkSettled()}. CLOSE: every recipe is closed, the system
 * settles again, then {@link #checkClosed()}.
 *
 * <p>Terms are what the recipes publish to their users (an election's {@code Leadership}, a lock's
 * hold). Checked after every step:
 *
 * <ol>
 *   <li><b>Active only on its connection.</b> An ACTIVE term became active (began or resumed) while
 *       {@code liveness.current()} was CONNECTED in the session that owns the term's entry, and the
 *       recipe's liveness listener has heard no later epoch that is anything else. (The real code
 *       promises no more: a term outlives its connection by at most the delivery of one epoch.)
 *   <li><b>No two active terms on entries that both exist.</b> No excuse: an entry exists only
 *       while its session lives, and of two live entries only one is first in any listing.
 *   <li><b>At most one active term among holders without an excuse.</b> A holder is excused only in
 *       the windows where it cannot know yet: its entry's session has ended on the server (it has
 *       not heard of the expiry; fencing covers this), or its entry is gone and no watch callback
 *       for it has run on its client. Excused overlaps are counted, never failed. A holder whose
 *       client ran the callback must not be active any more: the real code ends the term on the
 *       event thread.
 *   <li><b>Tokens rise.</b> In the order terms begin, the tokens of terms begun without an excuse
 *       (the entry existed and its session lived when the term began) never go down; an equal token
 *       can only be the same entry re-elected (a czxid names one znode), which the standard policy
 *       does after a reconnect. Stale begins (with an excuse) are counted.
 *   <li><b>The machine knows its term</b> (election): whenever no loop task runs, a term the core
 *       publishes, active or paused, is the one the machine believes it holds; else no later event
 *       can end it through the machine. A resign ends the term it names by the end of its task.
 *   <li><b>Revoked once, never back.</b> A revoked term is never the current one again (a
 *       re-election is a new term), and a closed election has no term.
 * </ol>
 *
 * <p>After settling: no orphan entry (one that no open candidate, attempt or hold owns, in a live
 * session); no paused term; each open election candidate has exactly one entry, of its current
 * session; at most one active term, on an existing entry that is first in the queue; an election
 * with open candidates has a leader. After closing: every term was revoked exactly once and the
 * queue is empty.
 */
final class World {
  static final String PATH = "/election";
  private static final int SETTLE_CAP = 50_000;

  enum Phase {
    RUN,
    SETTLE,
    CLOSE
  }

  final long seed;
  final Settings settings;
  final Simulation sim;
  final SimZooKeeper zk;
  final SimRandom random;
  final List<Client> clients = new ArrayList<>();
  final List<Long> abandoned = new ArrayList<>();
  final List<TermRecord> terms = new ArrayList<>();
  private final long operator;
  private final TermRecord[] active;
  Phase phase = Phase.RUN;

  // Figures.
  long ignored;
  long leadRefused;
  long staleBegins;
  long overlapExpiredSteps;
  long overlapDeletedSteps;
  long attempts;
  long operatorDeletes;
  long orphans;
  final java.util.Map<String, Long> orphanCauses = new java.util.TreeMap<>();
  long toleratedF7;
  long toleratedF8;

  // What the fixes did (election core, lock, QueueIo, CuratorLiveness), and what F7 still does.
  long refusedButHeld;
  long refusedDeadNode;
  long backgroundDeletes;
  long sweeps;
  long droppedConnected;
  long droppedLost;
  long mislabelledLost;
  long skippingFirstDeliveries;
  private long lastFreshToken = Long.MIN_VALUE;
  private TermRecord lastFresh;

  World(long seed, Settings settings, boolean verbose) {
    this.seed = seed;
    this.settings = settings;
    this.sim = new Simulation(seed, verbose ? Campaign.traceLength() : 50, false, verbose);
    this.random = sim.random();
    this.zk = new SimZooKeeper(sim.clock());
    this.operator = zk.createSession();
    zk.poll(operator);
    zk.create(operator, PATH, null, Mode.PERSISTENT).get();
    zk.setCversion(PATH, settings.startCversion());
    for (int i = 0; i < settings.candidates(); i++) {
      clients.add(new Client(this, i));
    }
    this.active = new TermRecord[settings.candidates()];
    sim.timerWeight(10);
    sim.addSource(this::offer);
  }

  /** The figures of a run that passed. */
  record Outcome(
      long steps,
      int terms,
      long staleBegins,
      long overlapExpiredSteps,
      long overlapDeletedSteps,
      long leadRefused,
      long attempts,
      long operatorDeletes,
      java.util.Map<String, Long> figures,
      java.util.Map<String, Long> orphanCauses,
      long digest) {}

  /**
   * What a run's fixes did and its findings' workarounds tolerated, by name, in a fixed order: the
   * campaign's summary shows that each fixed path is exercised.
   */
  java.util.Map<String, Long> figures() {
    java.util.Map<String, Long> f = new java.util.LinkedHashMap<>();
    f.put("refused leads of a held term (F1 fix)", refusedButHeld);
    f.put("leads refused on a dead entry (F6 fix)", refusedDeadNode);
    f.put("background deletes (F5 fix)", backgroundDeletes);
    f.put("sweeps (F5 fix)", sweeps);
    f.put("CONNECTED dropped (F7 fix)", droppedConnected);
    f.put("LOST dropped (F7 fix)", droppedLost);
    f.put("LOSTs naming a live session (F7)", mislabelledLost);
    f.put("tolerated F5: orphans removed", orphans);
    f.put("first deliveries past published epochs (F8)", skippingFirstDeliveries);
    f.put("tolerated F7: stale CONNECTED dropped", toleratedF7);
    f.put("tolerated F8: first deliveries of the subscription's epoch", toleratedF8);
    return f;
  }

  /** Runs the three phases; throws {@link Violation} on the first broken invariant. */
  Outcome run() {
    while (sim.steps() < settings.steps() && sim.step()) {
      check();
    }
    phase = Phase.SETTLE;
    settle();
    if (removeOrphans()) {
      settle(); // tolerated F5: the queue moves on once the orphans are gone
    }
    checkSettled();
    phase = Phase.CLOSE;
    for (Client c : clients) {
      c.recipe.close();
    }
    settle();
    if (removeOrphans()) {
      settle();
    }
    checkClosed();
    return new Outcome(
        sim.steps(),
        terms.size(),
        staleBegins,
        overlapExpiredSteps,
        overlapDeletedSteps,
        leadRefused,
        attempts,
        operatorDeletes,
        figures(),
        orphanCauses,
        sim.digest());
  }

  private void settle() {
    long cap = sim.steps() + SETTLE_CAP;
    while (sim.step()) {
      check();
      if (sim.steps() > cap) {
        throw violation("did not settle within " + SETTLE_CAP + " steps without faults");
      }
    }
  }

  private void offer(List<Step> out) {
    for (Client c : clients) {
      c.offer(out, phase);
    }
    abandoned.removeIf(s -> !zk.isAlive(s));
    for (Long s : abandoned) {
      out.add(
          new Step(
              "server-expiry",
              "abandoned 0x" + Long.toHexString(s),
              phase == Phase.RUN ? settings.faultScale() : 10,
              () -> zk.expire(s)));
    }
    if (phase == Phase.RUN && settings.operatorDeletes() && zk.childCount(PATH) > 0) {
      out.add(new Step("operator-delete", null, settings.faultScale(), this::operatorDelete));
    }
  }

  private void operatorDelete() {
    List<String> children = zk.children(PATH);
    String victim = random.pick(children);
    zk.delete(operator, Client.path(victim), -1).get();
    operatorDeletes++;
    if (sim.verbose()) {
      sim.note("deleted " + victim);
    }
  }

  /** A term begins (the loop's check passed): record it and check that tokens rise. */
  TermRecord begin(Client c, int instance, long token, String name, long entrySession) {
    boolean exists = zk.stat(Client.path(name)).isPresent();
    boolean alive = entrySession != 0 && zk.isAlive(entrySession);
    boolean stale = !exists || !alive;
    TermRecord t =
        new TermRecord(
            terms.size() + 1,
            c,
            instance,
            token,
            name,
            entrySession,
            sim.steps(),
            stale,
            c.current);
    terms.add(t);
    if (stale) {
      staleBegins++;
    } else {
      if (token < lastFreshToken) {
        throw violation("tokens went down: " + t + " began after " + lastFresh);
      }
      lastFreshToken = token;
      lastFresh = t;
    }
    return t;
  }

  /** The invariants that hold after every step. */
  void check() {
    int n = 0;
    for (Client c : clients) {
      c.recipe.check();
      TermRecord t = c.recipe.term();
      if (t == null || !t.isActive()) {
        continue;
      }
      // Active only on the connection it began (or resumed) on: once the listeners heard of a
      // later epoch that is not that connection, the term must have reacted.
      ConnectionEpoch since = t.activeSince;
      ConnectionEpoch heard = c.recipe.lastDelivered();
      boolean sinceOk = since.link() == Link.CONNECTED && since.sessionId() == t.entrySession;
      boolean heardOk =
          heard.number() <= since.number()
              || (heard.link() == Link.CONNECTED && heard.sessionId() == t.entrySession);
      if (!sinceOk || !heardOk) {
        throw violation(
            "an active term without its connection: "
                + t
                + ", active since epoch "
                + since
                + ", the listeners heard "
                + heard);
      }
      active[n++] = t;
    }
    boolean expiredOverlap = false;
    boolean deletedOverlap = false;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        TermRecord a = active[i];
        TermRecord b = active[j];
        boolean aExists = exists(a);
        boolean bExists = exists(b);
        if (aExists && bExists) {
          throw violation("two active terms whose entries both exist: " + a + " and " + b);
        }
        String ea = excuse(a, aExists);
        String eb = excuse(b, bExists);
        if (ea == null && eb == null) {
          throw violation(
              "two active terms, neither with an excuse: "
                  + a
                  + " and "
                  + b
                  + " ("
                  + (aExists ? b : a).name
                  + " is gone and its holder was told)");
        }
        if ("expired".equals(ea) || "expired".equals(eb)) {
          expiredOverlap = true;
        } else {
          deletedOverlap = true;
        }
      }
    }
    if (expiredOverlap) {
      overlapExpiredSteps++;
    }
    if (deletedOverlap) {
      overlapDeletedSteps++;
    }
  }

  private boolean exists(TermRecord t) {
    return zk.stat(Client.path(t.name)).isPresent();
  }

  /** Why an active holder cannot know yet that it should not lead, or null if it can. */
  private String excuse(TermRecord t, boolean exists) {
    if (t.entrySession == 0 || !zk.isAlive(t.entrySession)) {
      return "expired";
    }
    if (!exists && !t.client.heard.contains(t.name)) {
      return "deleted, not heard";
    }
    return null;
  }

  /**
   * After settling without faults: every entry in the queue belongs to a recipe that may own it (no
   * orphan); an election's open candidates each have exactly their one entry, of their current
   * session, and exactly one of them leads, the first; a lock has at most one hold, on the first
   * entry, and an active hold's entry exists.
   */
  private void checkSettled() {
    List<String> children = zk.children(PATH);
    List<CandidateName> order =
        CandidateOrder.order(
            children,
            ignored -> {
              throw violation("a foreign child in the queue: " + ignored);
            });
    for (Client c : clients) {
      if (c.recipe.term() != null && c.recipe.term().state() == TermRecord.State.PAUSED) {
        throw violation("a term is still paused after settling: " + c.recipe.term());
      }
    }
    TermRecord leader = null;
    for (Client c : clients) {
      TermRecord t = c.recipe.term();
      if (c.recipe instanceof ElectionRecipe e && e.open()) {
        var entry =
            e.machine()
                .entry()
                .orElseThrow(
                    () -> violation(c.label + " has no entry after settling: " + c.describe()));
        long mine = order.stream().filter(o -> o.name().contains(keyOf(entry.name()))).count();
        if (mine != 1 || !children.contains(entry.name()) || entry.ownerSession() != c.session) {
          throw violation(
              c.label
                  + " should have exactly its one entry "
                  + entry
                  + " of session 0x"
                  + Long.toHexString(c.session)
                  + " in the queue: "
                  + children);
        }
      }
      if (t != null && t.isActive()) {
        if (leader != null) {
          throw violation("two active terms after settling: " + leader + " and " + t);
        }
        if (!children.contains(t.name)) {
          throw violation("an active term whose entry is gone, after settling: " + t);
        }
        leader = t;
      }
    }
    boolean election = !settings.lock();
    long open = clients.stream().filter(c -> c.recipe.open()).count();
    if (election && open > 0) {
      if (leader == null) {
        throw violation("no leader after settling, queue " + children);
      }
    }
    if (leader != null && !order.get(0).name().equals(leader.name)) {
      throw violation("the active term " + leader + " is not first in the queue " + children);
    }
  }

  /**
   * Entries that no open candidate, attempt or hold owns, in a live session, once the system
   * settled: they stay until their session ends, and everyone behind them waits (finding F5).
   * Fails, or if F5 is tolerated counts them and deletes them as an operator would; true if it did.
   */
  private boolean removeOrphans() {
    List<String> owned = new ArrayList<>();
    for (Client c : clients) {
      owned.addAll(c.recipe.ownedEntries());
    }
    boolean removed = false;
    for (String child : zk.children(PATH)) {
      if (owned.contains(child)) {
        continue;
      }
      if (!settings.tolerates(Finding.F5)) {
        throw violation(
            "an orphan entry after settling: "
                + child
                + " (owner 0x"
                + Long.toHexString(zk.stat(Client.path(child)).orElseThrow().ephemeralOwner())
                + ", a live session) belongs to no open candidate or hold: it stays until its session"
                + " ends, and everyone behind it waits; cause: "
                + orphanCause(child));
      }
      orphans++;
      orphanCauses.merge(orphanCause(child), 1L, Long::sum);
      zk.delete(operator, Client.path(child), -1).get();
      removed = true;
    }
    return removed;
  }

  /** The hint a client left about how {@code child} came to be left behind. */
  private String orphanCause(String child) {
    String key = CandidateName.parse(child).map(CandidateName::key).orElse("");
    for (Client c : clients) {
      String h = c.orphanHints.get("sweep:" + key);
      if (h != null) {
        return h;
      }
    }
    for (Client c : clients) {
      String h = c.orphanHints.get(child);
      if (h != null) {
        return h;
      }
    }
    for (Client c : clients) {
      String h = c.orphanHints.get(key);
      if (h != null) {
        return h;
      }
    }
    long owner = zk.stat(Client.path(child)).map(SimZooKeeper.Stat::ephemeralOwner).orElse(0L);
    for (Client c : clients) {
      String h = c.orphanHints.get("session:" + owner);
      if (h != null) {
        return h;
      }
    }
    return "other";
  }

  /** After everyone closed and the system settled: every term revoked exactly once, queue empty. */
  private void checkClosed() {
    for (Client c : clients) {
      if (!c.recipe.finished()) {
        throw violation(c.label + " is not finished after closing: " + c.describe());
      }
    }
    for (TermRecord t : terms) {
      if (!t.isRevoked() || t.revocations() != 1) {
        throw violation(
            "a term was not revoked exactly once: " + t + " (revocations " + t.revocations() + ")");
      }
    }
    List<String> left = zk.children(PATH);
    if (!left.isEmpty()) {
      throw violation("entries left after everyone closed: " + left);
    }
  }

  private static String keyOf(String name) {
    return CandidateName.parse(name).map(n -> "-" + n.key() + "-n_").orElse(name);
  }

  Violation violation(String message) {
    return new Violation(seed, settings, phase + ": " + message);
  }

  /** Every client's state and the server's znodes, for a failure report. */
  String describe() {
    StringBuilder b = new StringBuilder();
    for (Client c : clients) {
      b.append("  ").append(c.describe()).append('\n');
    }
    b.append("  znodes:\n");
    zk.dump().lines().forEach(line -> b.append("    ").append(line).append('\n'));
    return b.toString();
  }
}
