// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.List;
import java.util.OptionalInt;

/**
 * Kills of ZooKeeper servers: scenarios 3 and 5 (scenario 4 is {@link LoseQuorum}). The owner's
 * server is the one its ZooKeeper handle reports ({@code WHERE}).
 */
public final class ServerFaults {
  private ServerFaults() {}

  /**
   * The server {@code victim} is connected to, waiting for one; none within the recovery bound is a
   * fault of {@code scenario} not observed (a violation), and empty.
   */
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

  /**
   * 3. The ZooKeeper server the owner is connected to killed (SIGKILL): the owner reconnects to
   * another server of its connect string within its session, or loses its session and a successor
   * takes over. The server is restarted after the recovery. The fault counts once that server's
   * process is dead, the owner reported its connection dropped, and it reports a connection to
   * another server.
   */
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
   * 5. The whole ensemble killed (SIGKILL) and started again on its data; recovery from the
   * restart. It first waits (up to the recovery bound) until every client reports itself connected:
   * in a soak the fault before may have left one reconnecting (a partition healed a moment ago),
   * and a client that is not connected cannot have its connection dropped. The fault counts once
   * every client that was connected at the kill reported its connection dropped; at least one must
   * have been.
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
