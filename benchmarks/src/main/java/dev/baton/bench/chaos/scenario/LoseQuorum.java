// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.SafetyChecker;
import dev.baton.bench.chaos.Waits;
import dev.baton.bench.chaos.ZooKeeperMarks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/** 4. Two of three servers killed, then restored: docs/testing.md, "Scenarios", 4. */
final class LoseQuorum {
  /** Events already on their way when the servers died may still be printed within this time. */
  static final Duration GRACE = Duration.ofSeconds(1);

  /** How far apart a recipe and the client's connection listener may see the same change. */
  static final Duration SLACK = Duration.ofMillis(5);

  private LoseQuorum() {}

  static void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    OptionalInt server = ServerFaults.ownersServer(run, victim, "lose-quorum");
    if (server.isEmpty()) {
      return;
    }
    int n = run.cluster().ensemble().size();
    int s = server.getAsInt();
    int other = (s + 1) % n;
    int left = (s + 2) % n;
    int acceptedBefore = run.acceptedSoFar().size();
    if (acceptedBefore == 0) {
      run.violation("lose-quorum: the fence's log is empty before the kill: the check has no data");
    }
    long marker = run.zxidNow();
    long epoch = ZooKeeperMarks.epoch(marker);
    ChaosRun.Mark killed = run.mark();
    run.cluster().ensemble().kill(s);
    run.cluster().ensemble().kill(other);
    boolean dead =
        !run.cluster().ensemble().isRunning(s) && !run.cluster().ensemble().isRunning(other);
    boolean dropped = Waits.until(() -> run.dropped(victim, killed), run.options().session());
    boolean minority =
        Waits.until(() -> run.cluster().ensemble().mode(left).isEmpty(), run.options().session());
    if (dead && dropped && minority) {
      run.fault(
          "kill -9 ZooKeeper servers %d (%s's) and %d: the quorum is lost"
              .formatted(s, victim.id(), other));
    } else {
      run.faultNotObserved(
          "lose-quorum: servers %d and %d %s%s%s"
              .formatted(
                  s,
                  other,
                  dead ? "dead" : "not both dead",
                  dropped ? "" : ", " + victim.id() + " reported no dropped connection",
                  minority ? "" : ", server " + left + " still serves"));
    }
    Waits.faultDuration(GRACE);
    ChaosRun.Mark lost = run.mark();
    Waits.faultDuration(run.options().beyondSession()); // the quorum stays lost this long
    checkTermsBegun(run, killed, lost, epoch);
    Set<Long> known = run.tokensSeen();
    if (!run.options().fence().logInZooKeeper() || run.role() == Role.SCHEDULER) {
      List<SafetyChecker.Row> accepted = run.acceptedSoFar();
      checkWrites(
          run,
          accepted.subList(Math.min(acceptedBefore, accepted.size()), accepted.size()),
          known,
          epoch);
    }
    run.cluster().restore();
    if (run.options().fence().logInZooKeeper() && run.role() != Role.SCHEDULER) {
      List<SafetyChecker.Row> during = new ArrayList<>();
      for (ZooKeeperMarks.Logged w : run.acceptedInZooKeeper()) {
        if (w.czxid() > marker && ZooKeeperMarks.epoch(w.czxid()) <= epoch) {
          during.add(w.row());
        }
      }
      checkWrites(run, during, known, epoch);
    }
    run.awaitRecovery(run.mark(), "restoring the quorum");
  }

  private static void checkTermsBegun(
      ChaosRun run, ChaosRun.Mark killed, ChaosRun.Mark lost, long epoch) {
    for (ChaosClient c : run.clients()) {
      termsBegunWhileLost(c.id(), c.eventsAfter(killed.of(c)), lost.nanos(), epoch)
          .forEach(run::violation);
    }
  }

  /**
   * The violations among one client's events from the kill on: a term begun while it reported
   * itself disconnected, with a token of a later epoch than {@code epoch}, or at or after {@code
   * lostNanos}. A begin is judged at {@code began_at} where given (a slow callback can print {@code
   * ELECTED} seconds late); disconnected means every state reported within {@link #SLACK} of it,
   * and the one before, was disconnected (a recipe and the connection listener see a change a
   * moment apart).
   */
  static List<String> termsBegunWhileLost(
      String client, List<Event> events, long lostNanos, long epoch) {
    List<Event> connection = events.stream().filter(e -> e.kind().equals("CONNECTION")).toList();
    List<String> out = new ArrayList<>();
    for (Event e : events) {
      if (!e.begins()) {
        continue;
      }
      long began = e.fields().containsKey("began_at") ? e.number("began_at") : e.number("at");
      String what = client + " began " + e.kind();
      if (!connectedNear(connection, began)) {
        out.add(what + " while disconnected, quorum gone: " + e);
      }
      if (ZooKeeperMarks.epoch(e.number("token")) > epoch) {
        out.add(what + " with a token of a later epoch, quorum gone: " + e);
      }
      if (began - lostNanos >= 0) {
        out.add(what + " while the quorum was gone: " + e);
      }
    }
    return out;
  }

  /**
   * Whether the client reported itself connected within {@link #SLACK} of {@code time} (before its
   * first report it counts as connected).
   */
  private static boolean connectedNear(List<Event> connection, long time) {
    long from = time - SLACK.toNanos();
    long to = time + SLACK.toNanos();
    boolean connected = true; // the state at `from`
    for (Event c : connection) {
      long at = c.number("at");
      if (at - to > 0) {
        break;
      }
      String state = c.get("state");
      boolean now = state.equals("CONNECTED") || state.equals("RECONNECTED");
      if (at - from <= 0) {
        connected = now;
      } else if (now) {
        return true;
      }
    }
    return connected;
  }

  private static void checkWrites(
      ChaosRun run, List<SafetyChecker.Row> rows, Set<Long> known, long epoch) {
    for (SafetyChecker.Row r : rows) {
      if (!known.contains(r.token()) || ZooKeeperMarks.epoch(r.token()) > epoch) {
        run.violation(
            "write of %s with new token %d accepted while the quorum was gone"
                .formatted(r.writer(), r.token()));
      }
    }
  }
}
