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
import java.util.Set;

/**
 * 4. Two of the three servers killed, the owner's among them (the server its ZooKeeper handle
 * reports, {@code WHERE}), so the one left is a minority; kept so past the session timeout, then
 * restored. The fault counts once both processes are dead, the owner reported its connection
 * dropped and the third server stopped serving. While the quorum is gone:
 *
 * <ul>
 *   <li>no client begins a term, hold or ownership while it reports itself disconnected, from the
 *       kill on (the first second included);
 *   <li>a term begun from the kill on has a token committed before the kill: its zxid's epoch is
 *       not later than a marker written just before the kill (nothing commits without a quorum, and
 *       the restored quorum begins a new epoch); after a grace period of {@link #GRACE} none begins
 *       at all;
 *   <li>no write accepted by the fence while the quorum is gone has a token no client had seen or
 *       of a later epoch: the SQL log is read at the end of the loss; the ZooKeeper fence's log,
 *       unreadable without a quorum, is read after the restore, and its writes created in the old
 *       epoch after the marker are the ones judged. The log must hold writes before the kill, so
 *       the check has data.
 * </ul>
 */
public final class LoseQuorum implements ChaosScenario {
  /** Events already on their way when the servers died may still be printed within this time. */
  static final Duration GRACE = Duration.ofSeconds(1);

  private static final Set<String> BEGINS = Set.of("ELECTED", "LOCKED", "ASSIGNED");

  @Override
  public int number() {
    return 4;
  }

  @Override
  public boolean needsZooKeeperServers() {
    return true;
  }

  @Override
  public String name() {
    return "lose-quorum";
  }

  @Override
  public String description() {
    return "2 of 3 servers killed (the owner's among them) past the session timeout, then restarted";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    int[] server = {-1};
    if (!Waits.until(
        () -> (server[0] = victim.connectedServer()) >= 0, run.options().recoveryBound())) {
      run.faultNotObserved(
          "lose-quorum: " + victim.id() + " reported no server it is connected to");
      return;
    }
    int n = run.cluster().ensemble().size();
    int s = server[0];
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
    boolean dropped =
        Waits.until(
            () -> run.reportedConnection(victim, killed, "SUSPENDED", "LOST"),
            run.options().session());
    boolean minority =
        Waits.until(() -> run.cluster().ensemble().mode(left).isEmpty(), run.options().session());
    if (dead && dropped && minority) {
      run.fault(
          "kill -9 ZooKeeper servers "
              + s
              + " ("
              + victim.id()
              + "'s) and "
              + other
              + ": the quorum is lost");
    } else {
      run.faultNotObserved(
          "lose-quorum: servers "
              + s
              + " and "
              + other
              + (dead ? " dead" : " not both dead")
              + (dropped ? "" : ", " + victim.id() + " reported no dropped connection")
              + (minority ? "" : ", server " + left + " still serves"));
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
      boolean connected = true;
      int line = killed.of(c);
      for (Event e : c.eventsAfter(line)) {
        String kind = e.kind();
        if (kind.equals("CONNECTION")) {
          String state = e.get("state");
          connected = state.equals("CONNECTED") || state.equals("RECONNECTED");
        } else if (BEGINS.contains(kind)) {
          long token = e.number("token");
          if (!connected) {
            run.violation(c.id() + " began " + kind + " while disconnected, quorum gone: " + e);
          }
          if (ZooKeeperMarks.epoch(token) > epoch) {
            run.violation(
                c.id() + " began " + kind + " with a token of a later epoch, quorum gone: " + e);
          }
        }
      }
      for (Event e : c.eventsAfter(lost.of(c))) {
        if (BEGINS.contains(e.kind())) {
          run.violation(c.id() + " began " + e.kind() + " while the quorum was gone: " + e);
        }
      }
    }
  }

  private static void checkWrites(
      ChaosRun run, List<SafetyChecker.Row> rows, Set<Long> known, long epoch) {
    for (SafetyChecker.Row r : rows) {
      if (!known.contains(r.token()) || ZooKeeperMarks.epoch(r.token()) > epoch) {
        run.violation(
            "write of "
                + r.writer()
                + " with new token "
                + r.token()
                + " accepted while the quorum was gone");
      }
    }
  }
}
