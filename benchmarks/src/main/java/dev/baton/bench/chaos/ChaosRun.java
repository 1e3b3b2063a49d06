// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static java.util.stream.Collectors.joining;
import static java.util.stream.Collectors.toMap;
import static java.util.stream.Collectors.toSet;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One trial: clients running one recipe on a fresh path and database, a scenario's faults and
 * recoveries, then the checker's verdict. One thread drives it.
 */
public final class ChaosRun implements AutoCloseable {
  static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  /**
   * The scheduler's slot 0 begins this long after the launch, once a leader is elected: a first
   * term catching up on past slots in a burst would let a pause hold the fence's row lock.
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
  private final List<HistoryExport.Fault> faultLog = new ArrayList<>(); // at System.nanoTime()
  private long worstRecoveryMs;
  private List<SafetyChecker.Row> fenceLog = List.of();
  private boolean finished;
  private boolean closed;

  /** A moment of the trial: when, and how many output lines each client had printed by then. */
  public record Mark(long nanos, Map<String, Integer> lineCounts) {
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
            "%s-%s-%s".formatted(scenario, role.key(), Long.toString(System.nanoTime(), 36)));
  }

  /** Starts the clients and waits until the service writes. */
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
            "--role=" + role.key(),
            "--session-ms=" + options.sessionMs(),
            "--path=" + path,
            "--fence=" + options.fence().key(),
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

  private void log(String format, Object... args) {
    System.err.println("chaos " + scenario + "/" + role.key() + ": " + format.formatted(args));
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

  /** Counts a fault whose effect was observed (else {@link #faultNotObserved}). */
  public synchronized void fault(String what) {
    faultLog.add(new HistoryExport.Fault(System.nanoTime(), what));
    log("fault %d: %s", faultLog.size(), what);
  }

  synchronized List<HistoryExport.Fault> faultLog() {
    return List.copyOf(faultLog);
  }

  /** A fault without its effect: a violation, so the trial fails instead of passing untested. */
  public void faultNotObserved(String what) {
    violation("fault not observed: " + what + " " + clientDiagnostics());
  }

  /** Waits for the released held write: REJECTED, or ACCEPTED unfenced; else a violation. */
  public void awaitStaleWrite(ChaosClient victim, ChaosClient.HeldWrite held, Mark released) {
    String o =
        awaitEvent(
                victim,
                released.of(victim),
                e ->
                    e.kind().equals("WRITE")
                        && e.get("resource").equals(held.resource())
                        && e.number("token") == held.token())
            .map(e -> e.get("outcome"))
            .orElse(null);
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

  /** The first event of {@code c} after {@code skip} lines that matches, waited for. */
  private Optional<Event> awaitEvent(ChaosClient c, int skip, Predicate<Event> match) {
    List<Event> found = new ArrayList<>();
    Waits.until(
        () -> c.eventsAfter(skip).stream().filter(match).findFirst().map(found::add).isPresent(),
        options.recoveryBound());
    return found.stream().findFirst();
  }

  public boolean reportedConnection(ChaosClient c, Mark mark, String... states) {
    return c.connectionStatesAfter(mark.of(c)).stream().anyMatch(List.of(states)::contains);
  }

  public boolean dropped(ChaosClient c, Mark mark) {
    return reportedConnection(c, mark, "SUSPENDED", "LOST");
  }

  /** Whether the last connection state {@code c} reported is connected (or none yet). */
  public boolean connected(ChaosClient c) {
    List<String> all = c.connectionStatesAfter(0);
    String last = all.isEmpty() ? "CONNECTED" : all.get(all.size() - 1);
    return last.equals("CONNECTED") || last.equals("RECONNECTED");
  }

  /** The zxid of a marker written now: every earlier write's is smaller. */
  public long zxidNow() {
    return ZooKeeperMarks.createMarker(cluster.ensemble().connectString(), path);
  }

  public void violation(String what) {
    violations.add(scenario + "/" + role + ": " + what);
  }

  public void note(String what) {
    notes.add(what);
  }

  public Mark mark() {
    return new Mark(
        System.nanoTime(), clients.stream().collect(toMap(ChaosClient::id, c -> c.lines().size())));
  }

  /** The events every client printed after {@code mark}. */
  public List<Event> eventsSince(Mark mark) {
    return clients.stream().flatMap(c -> c.eventsAfter(mark.of(c)).stream()).toList();
  }

  /** Whether a write was accepted after {@code mark} (for partitions: one per partition). */
  private boolean serving(Mark mark) {
    long written =
        eventsSince(mark).stream()
            .filter(Event::acceptedWrite)
            .map(e -> e.fields().getOrDefault("resource", "?"))
            .distinct()
            .count();
    return role == Role.PARTITION ? written >= options.partitions() : written > 0;
  }

  /** Whether another client began a term of {@code resource} (any if null) and wrote it. */
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
   * On the lease backend: whether {@code victim}'s term {@code token} was seen to end ({@code
   * REVOKED}, else a fault not observed); it must have ended ({@code ended_at}) before a newer term
   * began after {@code mark} on the host's monotonic clock, else a violation: two terms at once.
   */
  public boolean termEndedBeforeSuccessor(ChaosClient victim, long token, Mark mark) {
    Optional<Event> revoked =
        awaitEvent(victim, 0, e -> e.kind().equals("REVOKED") && e.number("token") == token);
    if (revoked.isEmpty()) {
      faultNotObserved(
          victim.id() + "'s term (token " + token + ") was not revoked while it was cut off");
      return false;
    }
    String at = revoked.get().fields().getOrDefault("ended_at", revoked.get().fields().get("at"));
    long ended = at == null ? Long.MAX_VALUE : Long.parseLong(at);
    for (ChaosClient c : clients) {
      if (c == victim) {
        continue;
      }
      for (Event e : c.eventsAfter(mark.of(c))) {
        if (e.kind().equals("ELECTED") && e.number("token") > token) {
          long began = e.fields().containsKey("at") ? e.number("at") : Long.MIN_VALUE;
          if (began <= ended) {
            violation(
                ("two terms at once: %s's term (token %d) ended at %d ns, %s's (token %s) began"
                        + " at %d ns (host monotonic clock) %s")
                    .formatted(
                        victim.id(),
                        token,
                        ended,
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

  /** Waits for a successor's accepted write of {@code resource} (any if null). */
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

  /** The fence's accepted writes so far, in commit order (ZooKeeper's need a quorum). */
  public List<SafetyChecker.Row> acceptedSoFar() {
    return SafetyChecker.readLog(
        db, role, options.fence(), cluster.ensemble().connectString(), path);
  }

  /** The ZooKeeper fence's writes with their zxids; empty unless the log is in ZooKeeper. */
  public List<ZooKeeperMarks.Logged> acceptedInZooKeeper() {
    return options.fence().logInZooKeeper() && role != Role.SCHEDULER
        ? ZooKeeperMarks.readLog(cluster.ensemble().connectString(), path)
        : List.of();
  }

  /** Every token any client named in an event so far. */
  public Set<Long> tokensSeen() {
    return clients.stream()
        .flatMap(c -> c.events().stream())
        .map(e -> e.fields().get("token"))
        .filter(Objects::nonNull)
        .map(Long::parseLong)
        .collect(toSet());
  }

  /** Waits for a write after the heal at {@code healed}; returns how long it took. */
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

  /** The client the next fault hits, waited for: the {@link OwnerChoice}, or the largest owner. */
  public ChaosClient owner() {
    List<ChaosClient> found = new ArrayList<>();
    Waits.require(
        () -> currentOwner().map(found::add).isPresent(),
        options.recoveryBound(),
        "an owner among the clients " + clientDiagnostics());
    return found.get(0);
  }

  private Optional<ChaosClient> currentOwner() {
    if (role == Role.PARTITION) {
      return clients.stream()
          .filter(c -> running(c) && !c.believedPartitions().isEmpty())
          .max(Comparator.comparingInt(c -> c.believedPartitions().size()));
    }
    return OwnerChoice.current(
            clients.stream()
                .map(c -> new OwnerChoice.View(c.id(), running(c), c.events()))
                .toList())
        .flatMap(id -> clients.stream().filter(c -> c.id().equals(id)).findFirst());
  }

  private static boolean running(ChaosClient c) {
    return c.process().isAlive() && !c.process().isPaused();
  }

  /** The most running clients that believe they own one same thing. */
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

  /** Short per-client output for failure messages. */
  public String clientDiagnostics() {
    return clients.stream()
        .map(
            c -> {
              List<String> lines = c.lines(); // read once: the client's output still grows
              return c
                  + " last lines: "
                  + lines.subList(Math.max(0, lines.size() - 4), lines.size())
                  + "; ";
            })
        .collect(joining("", "[", "]"));
  }

  /** Heals, waits for one more write, stops the clients, checks, and drops the trial's database. */
  public TrialResult finish() {
    if (finished) {
      throw new IllegalStateException("finished already");
    }
    finished = true;
    try {
      clients.forEach(ChaosClient::healAll);
      cluster.restore();
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
          faultLog.size(),
          report.writesAttempted(),
          report.rejected(),
          all,
          worstRecoveryMs,
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

  /** The fence's accepted writes, as {@link #finish()} read them; empty before. */
  List<SafetyChecker.Row> fenceLog() {
    return fenceLog;
  }
}
