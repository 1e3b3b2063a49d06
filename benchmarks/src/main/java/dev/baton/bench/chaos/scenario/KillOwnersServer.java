// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.time.Duration;

/**
 * 3. The ZooKeeper server the owner is connected to killed (SIGKILL): the owner reconnects to
 * another server of its connect string within its session, or loses its session and a successor
 * takes over. The server is restarted after the recovery.
 */
public final class KillOwnersServer implements ChaosScenario {
  @Override
  public int number() {
    return 3;
  }

  @Override
  public String name() {
    return "kill-server";
  }

  @Override
  public String description() {
    return "kill -9 of the ZooKeeper server the owner is connected to; restarted after recovery";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    int[] server = {-1};
    Waits.require(
        () -> (server[0] = victim.connectedServer()) >= 0,
        Duration.ofSeconds(30),
        victim.id() + " connected to a server");
    run.fault("kill -9 ZooKeeper server " + server[0] + " (" + victim.id() + "'s)");
    run.cluster().ensemble().kill(server[0]);
    run.awaitRecovery(run.mark(), "killing server " + server[0]);
    run.cluster().restore();
  }
}
