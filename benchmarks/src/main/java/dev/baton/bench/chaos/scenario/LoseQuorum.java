// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.SafetyChecker;
import dev.baton.bench.chaos.Waits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * 4. Two of the three servers killed, the owner's among them, so the one left is a minority; kept
 * so past the session timeout, then restored. While the quorum is gone no one may begin a term,
 * hold or ownership (checked on the clients' events from a grace period after the kill until the
 * restore) and no write may be accepted with a token no client had seen before the kill.
 */
public final class LoseQuorum implements ChaosScenario {
  /** Events already on their way when the servers died may still be printed within this time. */
  static final Duration GRACE = Duration.ofSeconds(1);

  @Override
  public int number() {
    return 4;
  }

  @Override
  public String name() {
    return "lose-quorum";
  }

  @Override
  public String description() {
    return "2 of 3 servers killed (the owner's among them) past the session timeout, then restarted";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    int s = Math.max(0, victim.connectedServer());
    int other = (s + 1) % run.cluster().ensemble().size();
    run.fault("kill -9 ZooKeeper servers " + s + " and " + other + " (quorum lost)");
    run.cluster().ensemble().kill(s);
    run.cluster().ensemble().kill(other);
    Waits.faultDuration(GRACE);
    ChaosRun.Mark lost = run.mark();
    Set<Long> known = run.tokensSeen();
    int acceptedBefore = run.acceptedSoFar().size();
    Waits.faultDuration(run.options().beyondSession()); // the quorum stays lost this long
    for (Map.Entry<ChaosClient, Event> e : run.eventsSince(lost)) {
      String kind = e.getValue().kind();
      if (kind.equals("ELECTED") || kind.equals("LOCKED") || kind.equals("ASSIGNED")) {
        run.violation(
            e.getKey().id() + " began " + kind + " while the quorum was gone: " + e.getValue());
      }
    }
    List<SafetyChecker.Row> accepted = run.acceptedSoFar();
    for (SafetyChecker.Row r :
        accepted.subList(Math.min(acceptedBefore, accepted.size()), accepted.size())) {
      if (!known.contains(r.token())) {
        run.violation(
            "write of "
                + r.writer()
                + " with new token "
                + r.token()
                + " accepted while the quorum"
                + " was gone");
      }
    }
    run.cluster().restore();
    run.awaitRecovery(run.mark(), "restoring the quorum");
  }
}
