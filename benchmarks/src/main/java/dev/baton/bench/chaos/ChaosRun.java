// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One trial: client processes running one recipe on a fresh ZooKeeper path and a fresh database,
 * the faults a scenario injects, the recoveries it waits for, and at the end the safety checker's
 * verdict. Not thread-safe: one orchestrating thread drives it.
 */
public final class ChaosRun implements AutoCloseable {
  static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  /**
   * How far after the clients' launch the scheduler's slot 0 begins: long enough for a leader to be
   * elected first, so its first term does not catch up on past slots in a burst of back-to-back
   * transactions (a pause landing inside one would hold the fence's row lock from the successor).
   */
  static final Duration SCHEDULE_LEAD = Duration.ofSeconds(5);

  private final ChaosCluster cluster;
  private final Role role;
  private final ChaosOptions options;
  private final String scenario;
  private final ChaosCluster.Database db;
  private final String path;
  private final List<ChaosClient> clients = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private int faults;
  private final List<Fault> faultLog = new ArrayList<>();
  private long worstRecoveryMs;
  private List<SafetyChecker.Row> fenceLog = List.of();
  private boolean finished;
  private boolean closed;

  /** A fault whose effect was observed, and when ({@link System#nanoTime()}). */
  public record Fault(long nanos, String what) {}

  /** A moment of the trial: when, and how many output lines each client had printed by then. */
  public record Mark(long nanos, Map<String, Integer> lineCounts) {
    /** How many output lines {@code c} had printed at this moment. */
    public int of(ChaosClient c) {
      return lineCounts.getOrDefault(c.id(), 0);
    }
  }

  private ChaosRun(ChaosCluster cluster, Role role, ChaosOptions options, String scenario) {
    this.cluster = cluster;
    this.role = role;
    this.options = options;
    this.scenario = scenario;
    this.db = cluster.newDatabase(options.db());
    this.path =
        cluster.newPath(
            "%s-%s-%s".formatted(scenario, roleName(), Long.toString(System.nanoTime(), 36)));
  }

  /**
   * Starts the clients and waits until the service writes: an owner's accepted write (every
   * partition written, for partition ownership).
   */
  public static ChaosRun start(
      ChaosCluster cluster, Role role, ChaosOptions options, String scenario) {
    cluster.restore();
    ChaosRun run = new ChaosRun(cluster, role, options, scenario);
    try {
      run.startClients();
      return run;
    } catch (RuntimeException e) {
      run.close();
      throw e;
    }
  }

  private void startClients() {
    List<String> args =
        List.of(
            "--role=" + roleName(),
            "--session-ms=" + options.sessionMs(),
            "--path=" + path,
            "--fence=" + options.fence().name().toLowerCase(Locale.ROOT),
            "--partitions=" + options.partitions(),
            "--write-interval-ms=" + options.writeIntervalMs(),
            "--schedule-start-ms=" + (System.currentTimeMillis() + SCHEDULE_LEAD.toMillis()));
    for (int i = 0; i < options.clients(); i++) {
      clients.add(
          ChaosClient.start("c" + (i + 1), cluster.ensemble(), db, options.backend(), args));
    }
    for (ChaosClient c : clients) {
      c.process().awaitLine(ChaosProtocol.PREFIX + "READY", 0, START_TIMEOUT);
    }
    Mark start = mark();
    Waits.require(
        () -> serving(start),
        START_TIMEOUT,
        role + " service writing after the start " + clientDiagnostics());
  }

  public Role role() {
    return role;
  }

  private String roleName() {
    return role.name().toLowerCase(Locale.ROOT);
  }

  /** A line of progress on stderr, naming the trial. */
  private void log(String format, Object... args) {
    System.err.println("chaos " + scenario + "/" + roleName() + ": " + format.formatted(args));
  }

  public ChaosOptions options() {
    return options;
  }

  public ChaosCluster cluster() {
    return cluster;
  }

  public List<ChaosClient> clients() {
    return List.copyOf(clients);
  }

  public String path() {
    return path;
  }

  /**
   * Counts one fault and logs it. Scenarios call it only once the fault's effect was observed (a
   * server died under the owner, a session was replaced, a connection dropped and came back, a
   * successor wrote while the owner was stopped); an effect not observed is {@link
   * #faultNotObserved}.
   */
  public synchronized void fault(String what) {
    faults++;
    faultLog.add(new Fault(System.nanoTime(), what));
    log("fault %d: %s", faults, what);
  }

  /** The faults counted so far, in order. */
  public synchronized List<Fault> faultLog() {
    return List.copyOf(faultLog);
  }

  /**
   * Records that an injected fault did not have its effect: a violation, so the trial fails loudly
   * instead of passing without having tested anything.
   */
  public void faultNotObserved(String what) {
    violation("fault not observed: " + what + " " + clientDiagnostics());
  }

  /**
   * After {@code victim}'s held write {@code held} was released at {@code released}: waits for its
   * outcome, which must be REJECTED by the fence (a fenced trial). ACCEPTED is left to the checker
   * (the negative controls expect it there); FAILED, or no outcome within the recovery bound, is a
   * violation: the stale write never reached the fence.
   */
  public void awaitStaleWrite(ChaosClient victim, ChaosClient.HeldWrite held, Mark released) {
    String[] outcome = {null};
    Waits.until(
        () -> {
          for (Event e : victim.eventsAfter(released.of(victim))) {
            if (e.kind().equals("WRITE")
                && e.get("resource").equals(held.resource())
                && e.number("token") == held.token()) {
              outcome[0] = e.get("outcome");
              return true;
            }
          }
          return false;
        },
        options.recoveryBound());
    String o = outcome[0];
    log(
        "held write of %s (%s, token %d) released: %s",
        victim.id(), held.resource(), held.token(), o);
    if (o == null || o.equals("FAILED") || (o.equals("ACCEPTED") && !options.fence().unfenced())) {
      violation(
          "the held stale write of %s (%s, token %d) %s %s"
              .formatted(
                  victim.id(),
                  held.resource(),
                  held.token(),
                  o == null ? "never reached the fence" : "ended " + o + ", not REJECTED",
                  clientDiagnostics()));
    }
  }

  /** Whether {@code c} reported one of the connection {@code states} after {@code mark}. */
  public boolean reportedConnection(ChaosClient c, Mark mark, String... states) {
    List<String> seen = c.connectionStatesAfter(mark.of(c));
    for (String s : states) {
      if (seen.contains(s)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code c} reported its connection dropped ({@code SUSPENDED} or {@code LOST}). */
  public boolean dropped(ChaosClient c, Mark mark) {
    return reportedConnection(c, mark, "SUSPENDED", "LOST");
  }

  /**
   * True if the last connection state {@code c} reported is connected ({@code CONNECTED} or {@code
   * RECONNECTED}); a client that has reported none yet counts as connected (it reports changes).
   */
  public boolean connected(ChaosClient c) {
    List<String> all = c.connectionStatesAfter(0);
    String last = all.isEmpty() ? "CONNECTED" : all.get(all.size() - 1);
    return last.equals("CONNECTED") || last.equals("RECONNECTED");
  }

  /**
   * The zxid of a write made on the ensemble now (a marker znode under the trial's path): every
   * write committed before this call has a smaller zxid; its high 32 bits are the ensemble's epoch.
   */
  public long zxidNow() {
    return ZooKeeperMarks.createMarker(cluster.ensemble().connectString(), path);
  }

  /** Records a safety or liveness violation found by the scenario itself. */
  public void violation(String what) {
    violations.add(scenario + "/" + role + ": " + what);
  }

  /** Records a remark for the report (a case that did not arise, a fault that did not apply). */
  public void note(String what) {
    notes.add(what);
  }

  /** Now, with every client's line count. */
  public Mark mark() {
    Map<String, Integer> counts = new HashMap<>();
    for (ChaosClient c : clients) {
      counts.put(c.id(), c.lines().size());
    }
    return new Mark(System.nanoTime(), counts);
  }

  /** The events every client printed after {@code mark}, as (client, event) pairs. */
  public List<Map.Entry<ChaosClient, Event>> eventsSince(Mark mark) {
    List<Map.Entry<ChaosClient, Event>> out = new ArrayList<>();
    for (ChaosClient c : clients) {
      for (Event e : c.eventsAfter(mark.of(c))) {
        out.add(Map.entry(c, e));
      }
    }
    return out;
  }

  /**
   * Whether the service wrote after {@code mark}: some accepted write (election, lock, scheduler)
   * or an accepted write for every partition (partition ownership).
   */
  public boolean serving(Mark mark) {
    Set<String> resources = new HashSet<>();
    for (Map.Entry<ChaosClient, Event> e : eventsSince(mark)) {
      Event ev = e.getValue();
      if (ev.acceptedWrite()) {
        resources.add(ev.fields().getOrDefault("resource", "?"));
      }
    }
    return role == Role.PARTITION ? resources.size() >= options.partitions() : !resources.isEmpty();
  }

  /**
   * Whether another client than {@code victim} began a term, hold or ownership of {@code resource}
   * (any resource if null) after {@code mark} and then had a write of it accepted.
   */
  private boolean successorWrote(ChaosClient victim, Mark mark, String resource) {
    for (ChaosClient c : clients) {
      if (c == victim) {
        continue;
      }
      boolean began = false;
      for (Event e : c.eventsAfter(mark.of(c))) {
        switch (e.kind()) {
          case "ELECTED", "LOCKED" -> began = true;
          case "ASSIGNED" -> began |= resource == null || resource.equals("p" + e.get("partition"));
          case "WRITE" -> {
            if (began
                && e.acceptedWrite()
                && (resource == null || resource.equals(e.get("resource")))) {
              return true;
            }
          }
          default -> {}
        }
      }
    }
    return false;
  }

  /**
   * On the lease backend, once a successor took over from {@code victim}, cut off its lease while
   * it ran: checks that the victim's term {@code token} ended by its own clock (it reports {@code
   * REVOKED}, within the recovery bound) before any other client began a newer term after {@code
   * mark}, by the host's monotonic clock that stamps every event line (the victim's {@code
   * ended_at}, when the callback began, else the line's {@code at}; the successor's {@code ELECTED}
   * line's {@code at}). A term never reported revoked is a fault not observed; a term that ended
   * after its successor's began is a violation: two terms active at once.
   *
   * @return whether the victim's term was seen to end
   */
  public boolean termEndedBeforeSuccessor(ChaosClient victim, long token, Mark mark) {
    long[] ended = {-1};
    Waits.until(
        () -> {
          for (Event e : victim.events()) {
            if (e.kind().equals("REVOKED") && e.number("token") == token) {
              String at = e.fields().getOrDefault("ended_at", e.fields().get("at"));
              ended[0] = at == null ? Long.MAX_VALUE : Long.parseLong(at);
              return true;
            }
          }
          return false;
        },
        options.recoveryBound());
    if (ended[0] < 0) {
      faultNotObserved(
          victim.id() + "'s term (token " + token + ") was not revoked while it was cut off");
      return false;
    }
    for (ChaosClient c : clients) {
      if (c == victim) {
        continue;
      }
      for (Event e : c.eventsAfter(mark.of(c))) {
        if (e.kind().equals("ELECTED") && e.number("token") > token) {
          long began = e.fields().containsKey("at") ? e.number("at") : Long.MIN_VALUE;
          if (began <= ended[0]) {
            violation(
                ("two terms at once: %s's term (token %d) ended at %d ns, %s's (token %s) began"
                        + " at %d ns (host monotonic clock) %s")
                    .formatted(
                        victim.id(),
                        token,
                        ended[0],
                        c.id(),
                        e.get("token"),
                        began,
                        clientDiagnostics()));
          }
          break;
        }
      }
    }
    return true;
  }

  /**
   * Waits for a successor's accepted write of {@code resource} (any if null) after {@code mark};
   * none within the recovery bound is a liveness violation.
   */
  public boolean awaitSuccessor(ChaosClient victim, Mark mark, String during, String resource) {
    if (clients.size() < 2) {
      return false;
    }
    Duration within = options.recoveryBound();
    boolean ok = Waits.until(() -> successorWrote(victim, mark, resource), within);
    if (!ok) {
      violation(
          "no successor of %s%s wrote within %d ms %s %s"
              .formatted(
                  victim.id(),
                  resource == null ? "" : " on " + resource,
                  within.toMillis(),
                  during,
                  clientDiagnostics()));
    }
    return ok;
  }

  /**
   * The fence's accepted writes so far, in commit order: the SQL log, the scheduler's jobs, or the
   * ZooKeeper fence's write znodes (readable only while the ensemble has a quorum).
   */
  public List<SafetyChecker.Row> acceptedSoFar() {
    return SafetyChecker.readLog(
        db, role, options.fence(), cluster.ensemble().connectString(), path);
  }

  /**
   * The ZooKeeper fence's writes so far with the zxid that created each (in commit order); empty
   * unless the log is in ZooKeeper.
   */
  public List<ZooKeeperMarks.Logged> acceptedInZooKeeper() {
    return options.fence().logInZooKeeper() && role != Role.SCHEDULER
        ? ZooKeeperMarks.readLog(cluster.ensemble().connectString(), path)
        : List.of();
  }

  /** Every token any client named in an event so far. */
  public Set<Long> tokensSeen() {
    Set<Long> tokens = new HashSet<>();
    for (ChaosClient c : clients) {
      for (Event e : c.events()) {
        String t = e.fields().get("token");
        if (t != null) {
          tokens.add(Long.parseLong(t));
        }
      }
    }
    return tokens;
  }

  /**
   * Waits for the service to write after the heal at {@code healed} (liveness), records the time
   * and returns it; a service that does not come back within the options' bound is a violation.
   */
  public long awaitRecovery(Mark healed, String after) {
    boolean ok = Waits.until(() -> serving(healed), options.recoveryBound());
    long ms = (System.nanoTime() - healed.nanos()) / 1_000_000;
    if (!ok) {
      violation(
          "no %s within %d ms after %s %s"
              .formatted(
                  role == Role.PARTITION ? "write to every partition" : "accepted write",
                  options.recoveryBound().toMillis(),
                  after,
                  clientDiagnostics()));
    }
    worstRecoveryMs = Math.max(worstRecoveryMs, ms);
    log("recovered %d ms after %s", ms, after);
    return ms;
  }

  /**
   * The client the next fault hits, waiting for one: for partition ownership the member that
   * believes it owns the most partitions; otherwise the current leader or lock holder as {@link
   * OwnerChoice} judges it (the newest term, connected, its writes accepted), not merely a client
   * that still believes it owns after a successor began.
   */
  public ChaosClient owner() {
    ChaosClient[] found = new ChaosClient[1];
    Waits.require(
        () -> {
          found[0] = currentOwner();
          return found[0] != null;
        },
        options.recoveryBound(),
        "an owner among the clients " + clientDiagnostics());
    return found[0];
  }

  private ChaosClient currentOwner() {
    if (role != Role.PARTITION) {
      List<OwnerChoice.View> views = new ArrayList<>();
      for (ChaosClient c : clients) {
        views.add(new OwnerChoice.View(c.id(), running(c), c.events()));
      }
      return OwnerChoice.current(views)
          .flatMap(id -> clients.stream().filter(c -> c.id().equals(id)).findFirst())
          .orElse(null);
    }
    ChaosClient best = null;
    int bestCount = 0;
    for (ChaosClient c : clients) {
      if (!running(c)) {
        continue;
      }
      int n = c.believedPartitions().size();
      if (n > bestCount) {
        best = c;
        bestCount = n;
      }
    }
    return best;
  }

  private static boolean running(ChaosClient c) {
    return c.process().isAlive() && !c.process().isPaused();
  }

  /**
   * The largest number of running clients that believe they own the same thing (the leadership, the
   * lock, or one partition), by their event lines.
   */
  public int believedOwners() {
    if (role == Role.PARTITION) {
      Map<Integer, Integer> count = new HashMap<>();
      for (ChaosClient c : clients) {
        c.believedPartitions().forEach(p -> count.merge(p, 1, Integer::sum));
      }
      return count.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }
    return (int) clients.stream().filter(c -> c.currentTerm().isPresent()).count();
  }

  /** Ends every fault: proxies forward, processes run, all servers serve. */
  public void healEverything() {
    clients.forEach(ChaosClient::healAll);
    cluster.restore();
  }

  /** Short per-client output for failure messages. */
  public String clientDiagnostics() {
    StringBuilder b = new StringBuilder("[");
    for (ChaosClient c : clients) {
      List<String> lines = c.lines();
      b.append(c)
          .append(" last lines: ")
          .append(lines.subList(Math.max(0, lines.size() - 4), lines.size()))
          .append("; ");
    }
    return b.append(']').toString();
  }

  /**
   * Heals everything, lets the service write once more, stops the clients gracefully, runs the
   * safety checker and forgets the trial's database.
   */
  public TrialResult finish() {
    if (finished) {
      throw new IllegalStateException("finished already");
    }
    finished = true;
    try {
      healEverything();
      Mark end = mark();
      if (!Waits.until(() -> serving(end), options.recoveryBound())) {
        violation("no accepted write after everything healed " + clientDiagnostics());
      }
      clients.forEach(ChaosClient::stop);
      fenceLog = acceptedSoFar();
      Map<String, List<Event>> events = new LinkedHashMap<>();
      clients.forEach(c -> events.put(c.id(), c.events()));
      SafetyChecker.Report report =
          SafetyChecker.check(fenceLog, events, role == Role.SCHEDULER ? db : null);
      List<String> all = new ArrayList<>(violations);
      all.addAll(report.violations());
      return new TrialResult(
          scenario,
          role,
          1,
          faults,
          report.writesAttempted(),
          report.rejected(),
          report.accepted(),
          all,
          worstRecoveryMs,
          report.errors(),
          notes,
          List.of());
    } finally {
      close();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (ChaosClient c : clients) {
      try {
        c.close();
      } catch (RuntimeException e) {
        System.err.println("chaos: cannot close " + c + ": " + e);
      }
    }
    db.drop();
  }

  /**
   * The fence's accepted writes in the store's order, read once the clients stopped in {@link
   * #finish()} (before the trial's database is dropped), for the exported history; empty before.
   */
  public List<SafetyChecker.Row> fenceLog() {
    return fenceLog;
  }

  /** For the negative control and diagnostics: the fence of this trial. */
  public FenceKind fence() {
    return options.fence();
  }
}
