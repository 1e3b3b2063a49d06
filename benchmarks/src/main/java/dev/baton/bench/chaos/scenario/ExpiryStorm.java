// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** 6. Session expiry storm: docs/testing.md, "Scenarios", 6. */
final class ExpiryStorm {
  static final int ROUNDS = 3;

  private ExpiryStorm() {}

  static void inject(ChaosRun run) {
    for (int round = 0; round < ROUNDS; round++) {
      List<ChaosClient> hit = round % 3 == 1 ? List.of(run.owner()) : run.clients();
      Map<ChaosClient, Long> sessions = new HashMap<>();
      hit.forEach(c -> sessions.put(c, c.sessionId()));
      Set<Long> tokensBefore = run.tokensSeen();
      ChaosRun.Mark before = run.mark();
      String what;
      switch (round % 3) {
        case 0 -> {
          what = "session expiry by silence of " + hit.stream().map(ChaosClient::id).toList();
          hit.forEach(ChaosClient::blackholeStore);
          try {
            Waits.faultDuration(run.options().beyondSession()); // silent past the session timeout
          } finally {
            hit.forEach(ChaosClient::healStore);
          }
        }
        case 1 -> {
          what = "server-side session expiry of " + hit.get(0).id();
          hit.get(0).expireOnServer(run.cluster().ensemble().connectString());
        }
        default -> {
          what = "client-side injected session expiry of every client";
          hit.forEach(ChaosClient::expireClientSide);
        }
      }
      run.awaitRecovery(run.mark(), "expiry round " + (round + 1));
      observe(run, what, hit, sessions, tokensBefore, before);
    }
  }

  private static void observe(
      ChaosRun run,
      String what,
      List<ChaosClient> hit,
      Map<ChaosClient, Long> sessions,
      Set<Long> tokensBefore,
      ChaosRun.Mark before) {
    List<ChaosClient> same = new ArrayList<>(hit);
    boolean renewed =
        Waits.until(
            () -> {
              same.removeIf(c -> c.sessionId() != sessions.get(c));
              return same.isEmpty();
            },
            run.options().recoveryBound());
    boolean newToken =
        Waits.until(
            () ->
                run.eventsSince(before).stream()
                    .anyMatch(e -> e.begins() && !tokensBefore.contains(e.number("token"))),
            run.options().recoveryBound());
    if (renewed && newToken) {
      run.fault(what + ": new sessions and a new token observed");
    } else {
      run.faultNotObserved(
          what
              + (renewed
                  ? ""
                  : ": the session of "
                      + same.stream().map(ChaosClient::id).toList()
                      + " did not change")
              + (newToken ? "" : ": no term began with a new token"));
    }
  }
}
