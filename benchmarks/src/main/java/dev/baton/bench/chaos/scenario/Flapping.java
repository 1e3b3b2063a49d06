// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.time.Duration;

/**
 * 7. Flapping: {@value #CUTS} short cuts of the owner's connections to its coordination store
 * (ZooKeeper's, or on the lease backend its lease link's), each healed well inside the session
 * timeout (the lease). After each reconnect at most one client believes it owns (the leadership,
 * the lock, each partition), and the service writes again (no livelock). A cut counts once the
 * owner reported its connection dropped ({@code SUSPENDED}; on the lease, a failed lease statement)
 * and, after the heal, back ({@code RECONNECTED}; on the lease, an answered one).
 */
public final class Flapping implements ChaosScenario {
  static final int CUTS = 5;

  @Override
  public int number() {
    return 7;
  }

  @Override
  public String name() {
    return "flapping";
  }

  @Override
  public String description() {
    return CUTS + " cuts of the owner's connections, each healed inside the session";
  }

  @Override
  public void inject(ChaosRun run) {
    Duration cut = Duration.ofMillis(run.options().sessionMs() / 5);
    for (int i = 0; i < CUTS; i++) {
      ChaosClient victim = run.owner();
      // In a soak an earlier fault may have left the owner disconnected: a cut then drops
      // nothing, and the cut would not be observed. Cut a connected owner.
      Waits.until(() -> run.connected(victim), run.options().recoveryBound());
      ChaosRun.Mark cutAt = run.mark();
      victim.cutStore();
      boolean dropped;
      try {
        Waits.faultDuration(cut); // the cut's deliberate length, inside the session
        dropped =
            Waits.until(
                () -> run.reportedConnection(victim, cutAt, "SUSPENDED", "LOST"),
                run.options().session());
      } finally {
        victim.healStore();
      }
      ChaosRun.Mark healed = run.mark();
      boolean back =
          Waits.until(
              () -> run.reportedConnection(victim, healed, "RECONNECTED", "CONNECTED"),
              run.options().recoveryBound());
      if (dropped && back) {
        run.fault(
            "cut " + (i + 1) + " of " + victim.id() + ": its connection dropped and came back");
      } else {
        run.faultNotObserved(
            "flapping cut "
                + (i + 1)
                + " of "
                + victim.id()
                + (dropped ? "" : ": no dropped connection reported")
                + (back ? "" : ": no reconnection reported after the heal"));
      }
      if (!Waits.until(() -> run.believedOwners() <= 1, run.options().session())) {
        run.violation(
            run.believedOwners()
                + " clients believe they own after reconnect "
                + (i + 1)
                + " "
                + run.clientDiagnostics());
      }
      run.awaitRecovery(healed, "cut " + (i + 1));
    }
  }
}
