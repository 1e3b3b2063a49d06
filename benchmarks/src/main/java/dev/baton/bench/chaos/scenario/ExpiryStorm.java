package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.List;

/**
 * 6. Session expiry storm: {@value #ROUNDS} rounds in a row of sessions expired by silence, alternately
 * every client's and the owner's alone. The harness silences a client's proxies (blackhole) past its
 * session timeout, so the servers expire the session for real and the client learns it when the proxies
 * heal. (Expiry by a second handle on the client's session id and password, {@code SessionExpirer}, is
 * not used: the client protocol does not report them.)
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
    return ROUNDS + " rounds of sessions expired by silence past the timeout: everyone, the owner, everyone";
  }

  @Override
  public void inject(ChaosRun run) {
    for (int round = 0; round < ROUNDS; round++) {
      List<ChaosClient> hit = round % 2 == 0 ? run.clients() : List.of(run.owner());
      run.fault("session expiry of " + hit.stream().map(ChaosClient::id).toList());
      hit.forEach(ChaosClient::blackholeZooKeeper);
      try {
        Waits.faultDuration(run.options().beyondSession()); // silent past the session timeout
      } finally {
        hit.forEach(ChaosClient::healZooKeeper);
      }
      run.awaitRecovery(run.mark(), "expiry round " + (round + 1));
    }
  }
}
