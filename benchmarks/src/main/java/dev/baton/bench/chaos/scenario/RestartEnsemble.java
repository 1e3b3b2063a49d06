// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosRun;

/**
 * 5. The whole ensemble killed (SIGKILL) and started again on its data; recovery from the restart.
 */
public final class RestartEnsemble implements ChaosScenario {
  @Override
  public int number() {
    return 5;
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
    run.fault("kill -9 and restart of all servers");
    run.cluster().ensemble().restartAll();
    ChaosRun.Mark restarted = run.mark();
    run.cluster().restore();
    run.awaitRecovery(restarted, "restarting the ensemble");
  }
}
