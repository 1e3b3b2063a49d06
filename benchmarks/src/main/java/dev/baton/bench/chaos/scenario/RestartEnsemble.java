// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;

/**
 * 5. The whole ensemble killed (SIGKILL) and started again on its data; recovery from the restart.
 */
public final class RestartEnsemble implements ChaosScenario {
  @Override
  public int number() {
    return 5;
  }

  @Override
  public boolean needsZooKeeperServers() {
    return true;
  }

  @Override
  public String name() {
    return "restart-ensemble";
  }

  @Override
  public String description() {
    return "every server killed and restarted on its data at once";
  }

  @Override
  public void inject(ChaosRun run) {
    run.owner();
    ChaosRun.Mark before = run.mark();
    run.cluster().ensemble().restartAll();
    ChaosRun.Mark restarted = run.mark();
    boolean dropped =
        Waits.until(
            () ->
                run.clients().stream()
                    .allMatch(c -> run.reportedConnection(c, before, "SUSPENDED", "LOST")),
            run.options().recoveryBound());
    if (dropped) {
      run.fault("kill -9 and restart of all servers: every client lost its connection");
    } else {
      run.faultNotObserved("restart-ensemble: not every client reported its connection dropped");
    }
    run.cluster().restore();
    run.awaitRecovery(restarted, "restarting the ensemble");
  }
}
