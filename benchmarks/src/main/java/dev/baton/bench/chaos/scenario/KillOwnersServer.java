// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;

/**
 * 3. The ZooKeeper server the owner is connected to killed (SIGKILL): the owner reconnects to
 * another server of its connect string within its session, or loses its session and a successor
 * takes over. The server is restarted after the recovery. The owner's server is the one its
 * ZooKeeper handle reports ({@code WHERE}); the fault counts once that server's process is dead,
 * the owner reported its connection dropped, and it reports a connection to another server.
 */
public final class KillOwnersServer implements ChaosScenario {
  @Override
  public int number() {
    return 3;
  }

  @Override
  public boolean needsZooKeeperServers() {
    return true;
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
    if (!Waits.until(
        () -> (server[0] = victim.connectedServer()) >= 0, run.options().recoveryBound())) {
      run.faultNotObserved(
          "kill-server: " + victim.id() + " reported no server it is connected to");
      return;
    }
    int s = server[0];
    ChaosRun.Mark killed = killAndObserve(run, victim, s);
    run.awaitRecovery(killed, "killing server " + s);
    run.cluster().restore();
  }

  /**
   * Kills server {@code s} and counts the fault once its process is dead, {@code victim} reported
   * its connection dropped (within a session timeout) and then reports a connection to another
   * server; else records the fault as not observed (a violation).
   *
   * @return the moment just before the kill
   */
  public static ChaosRun.Mark killAndObserve(ChaosRun run, ChaosClient victim, int s) {
    ChaosRun.Mark killed = run.mark();
    run.cluster().ensemble().kill(s);
    boolean dead = !run.cluster().ensemble().isRunning(s);
    boolean dropped =
        Waits.until(
            () -> run.reportedConnection(victim, killed, "SUSPENDED", "LOST"),
            run.options().session());
    boolean moved =
        Waits.until(
            () -> {
              int now = victim.connectedServer();
              return now >= 0 && now != s;
            },
            run.options().recoveryBound());
    if (dead && dropped && moved) {
      run.fault(
          "kill -9 ZooKeeper server "
              + s
              + ": "
              + victim.id()
              + " lost its connection to it and reconnected to another server");
    } else {
      run.faultNotObserved(
          "kill-server: server "
              + s
              + (dead ? " died" : " still runs")
              + ", "
              + victim.id()
              + (dropped ? " reported its connection dropped" : " reported no dropped connection")
              + (moved ? " and moved to another server" : " and did not move to another server"));
    }
    return killed;
  }
}
