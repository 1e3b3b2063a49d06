// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.List;

/**
 * 6. Session expiry storm: {@value #ROUNDS} rounds in a row, each a different kind of expiry: (1)
 * every client silenced (its proxies blackholed) past its session timeout, so the servers expire
 * the sessions for real and the clients learn it when the proxies heal; (2) the owner's session
 * expired on the server at once by a second handle on its id and password ({@code SessionExpirer});
 * (3) every client's session expired client-side (ZooKeeper's injected expiry, in each client
 * process).
 */
public final class ExpiryStorm implements ChaosScenario {
  static final int ROUNDS = 3;

  @Override
  public int number() {
    return 6;
  }

  @Override
  public String name() {
    return "expiry-storm";
  }

  @Override
  public String description() {
    return ROUNDS
        + " rounds of session expiry: everyone by silence, the owner on the server, everyone "
        + "client-side";
  }

  @Override
  public void inject(ChaosRun run) {
    for (int round = 0; round < ROUNDS; round++) {
      switch (round % 3) {
        case 0 -> {
          List<ChaosClient> hit = run.clients();
          run.fault("session expiry by silence of " + hit.stream().map(ChaosClient::id).toList());
          hit.forEach(ChaosClient::blackholeZooKeeper);
          try {
            Waits.faultDuration(run.options().beyondSession()); // silent past the session timeout
          } finally {
            hit.forEach(ChaosClient::healZooKeeper);
          }
        }
        case 1 -> {
          ChaosClient owner = run.owner();
          run.fault("server-side session expiry of " + owner.id());
          owner.expireOnServer(run.cluster().ensemble().connectString());
        }
        default -> {
          run.fault("client-side injected session expiry of every client");
          run.clients().forEach(ChaosClient::expireClientSide);
        }
      }
      run.awaitRecovery(run.mark(), "expiry round " + (round + 1));
    }
  }
}
