// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.List;
import java.util.OptionalInt;

/**
 * Kills of ZooKeeper servers: scenarios 3 and 5 (4 is {@link LoseQuorum}); the owner's server is
 * the one its handle reports ({@code WHERE}).
 */
public final class ServerFaults {
  private ServerFaults() {}

  /** The server {@code victim} is connected to, waited for; else a fault not observed. */
  static OptionalInt ownersServer(ChaosRun run, ChaosClient victim, String scenario) {
    int[] server = {-1};
    if (!Waits.until(
        () -> (server[0] = victim.connectedServer()) >= 0, run.options().recoveryBound())) {
      run.faultNotObserved(
          scenario + ": " + victim.id() + " reported no server it is connected to");
      return OptionalInt.empty();
    }
    return OptionalInt.of(server[0]);
  }

  /** 3. The owner's ZooKeeper server killed (SIGKILL), restarted after the recovery. */
  static void killOwnersServer(ChaosRun run) {
    ChaosClient victim = run.owner();
    OptionalInt server = ownersServer(run, victim, "kill-server");
    if (server.isPresent()) {
      int s = server.getAsInt();
      ChaosRun.Mark killed = killAndObserve(run, victim, s);
      run.awaitRecovery(killed, "killing server " + s);
      run.cluster().restore();
    }
  }

  /**
   * Kills server {@code s}, observed once it is dead and {@code victim} moved to another server;
   * returns the moment just before the kill.
   */
  public static ChaosRun.Mark killAndObserve(ChaosRun run, ChaosClient victim, int s) {
    ChaosRun.Mark killed = run.mark();
    run.cluster().ensemble().kill(s);
    boolean dead = !run.cluster().ensemble().isRunning(s);
    boolean dropped = Waits.until(() -> run.dropped(victim, killed), run.options().session());
    boolean moved =
        Waits.until(
            () -> {
              int now = victim.connectedServer();
              return now >= 0 && now != s;
            },
            run.options().recoveryBound());
    if (dead && dropped && moved) {
      run.fault(
          "kill -9 ZooKeeper server %d: %s lost its connection to it and reconnected to another"
                  .formatted(s, victim.id())
              + " server");
    } else {
      run.faultNotObserved(
          "kill-server: server %d %s, %s reported %s and %s to another server"
              .formatted(
                  s,
                  dead ? "died" : "still runs",
                  victim.id(),
                  dropped ? "its connection dropped" : "no dropped connection",
                  moved ? "moved" : "did not move"));
    }
    return killed;
  }

  /**
   * 5. Restart-ensemble (docs/testing.md, "Scenarios"), once every client reports itself connected
   * (in a soak one may still be reconnecting).
   */
  static void restartEnsemble(ChaosRun run) {
    run.owner();
    Waits.until(
        () -> run.clients().stream().allMatch(run::connected), run.options().recoveryBound());
    List<ChaosClient> connected = run.clients().stream().filter(run::connected).toList();
    ChaosRun.Mark before = run.mark();
    run.cluster().ensemble().restartAll();
    ChaosRun.Mark restarted = run.mark();
    boolean dropped =
        Waits.until(
            () -> connected.stream().allMatch(c -> run.dropped(c, before)),
            run.options().recoveryBound());
    if (connected.isEmpty()) {
      run.faultNotObserved("restart-ensemble: no client was connected when the servers died");
    } else if (dropped) {
      run.fault(
          "kill -9 and restart of all servers: every connected client lost its connection (%d of %d)"
              .formatted(connected.size(), run.clients().size()));
    } else {
      run.faultNotObserved(
          "restart-ensemble: not every connected client reported its connection dropped");
    }
    run.cluster().restore();
    run.awaitRecovery(restarted, "restarting the ensemble");
  }
}
