// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.time.Duration;

/**
 * 7. Flapping: {@value #CUTS} short cuts of the owner's ZooKeeper connections, each healed well
 * inside the session timeout. After each reconnect at most one client believes it owns (the
 * leadership, the lock, each partition), and the service writes again (no livelock).
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
      run.fault("cut " + victim.id() + " for " + cut.toMillis() + " ms");
      victim.cutZooKeeper();
      try {
        Waits.faultDuration(cut); // the cut's deliberate length, inside the session
      } finally {
        victim.healZooKeeper();
      }
      ChaosRun.Mark healed = run.mark();
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
