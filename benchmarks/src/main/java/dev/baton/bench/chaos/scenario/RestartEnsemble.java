// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.List;

/**
 * 5. The whole ensemble killed (SIGKILL) and started again on its data; recovery from the restart.
 * It first waits (up to the recovery bound) until every client reports itself connected: in a soak
 * the fault before may have left one reconnecting (a partition healed a moment ago), and a client
 * that is not connected cannot have its connection dropped. The fault counts once every client that
 * was connected at the kill reported its connection dropped; at least one must have been.
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
    Waits.until(
        () -> run.clients().stream().allMatch(run::connected), run.options().recoveryBound());
    List<ChaosClient> connected = run.clients().stream().filter(run::connected).toList();
    ChaosRun.Mark before = run.mark();
    run.cluster().ensemble().restartAll();
    ChaosRun.Mark restarted = run.mark();
    boolean dropped =
        Waits.until(
            () ->
                connected.stream()
                    .allMatch(c -> run.reportedConnection(c, before, "SUSPENDED", "LOST")),
            run.options().recoveryBound());
    if (connected.isEmpty()) {
      run.faultNotObserved("restart-ensemble: no client was connected when the servers died");
    } else if (dropped) {
      run.fault(
          "kill -9 and restart of all servers: every connected client lost its connection ("
              + connected.size()
              + " of "
              + run.clients().size()
              + ")");
    } else {
      run.faultNotObserved(
          "restart-ensemble: not every connected client reported its connection dropped");
    }
    run.cluster().restore();
    run.awaitRecovery(restarted, "restarting the ensemble");
  }
}
