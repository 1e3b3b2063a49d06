// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Randomized rounds of churn (graceful leaves, resigns, real and client-side session expiry,
 * connection cuts that heal inside the session, joins), each followed by a check that exactly one
 * candidate leads. Throughout, the recorder checks that tokens only rise and that no candidate on a
 * healthy session still believed it led when another was elected. Twenty-five rounds in the default
 * run (a new seed each run, printed; replay with {@code -Dbaton.churn.seed=N}), 250 with {@code
 * -Pchaos}.
 */
class ChurnTest {
  private static final Logger log = LoggerFactory.getLogger(ChurnTest.class);
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WITHIN = Duration.ofSeconds(30);

  private enum Action {
    CLOSE_LEADER,
    RESIGN_LEADER,
    EXPIRE_ON_SERVER,
    EXPIRE_IN_CLIENT,
    CUT_AND_HEAL,
    JOIN
  }

  @Test
  void randomRoundsKeepOneLeaderAndRisingTokens() throws Exception {
    churn(25);
  }

  @Test
  @Tag("chaos")
  void manyRandomRoundsKeepOneLeaderAndRisingTokens() throws Exception {
    churn(250);
  }

  private static void churn(int rounds) throws Exception {
    long seed = Long.getLong("baton.churn.seed", System.nanoTime());
    log.info("churn seed {}", seed);
    Random random = new Random(seed);
    List<TcpProxy> proxies = new ArrayList<>();
    try (TestingServer server = ZooKeeperFixtures.startServer();
        Candidates candidates = new Candidates(server.getConnectString(), SESSION)) {
      List<TestCandidate> proxied = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        TcpProxy p = TcpProxy.start("127.0.0.1", server.getPort());
        proxies.add(p);
        proxied.add(candidates.add(p.connectString(), b -> b));
      }
      for (int i = 0; i < 3; i++) {
        candidates.join();
      }
      candidates.awaitSingleLeader(WITHIN);
      int leaderMoves = 0;
      for (int round = 0; round < rounds; round++) {
        Action action = Action.values()[random.nextInt(Action.values().length)];
        List<TestCandidate> live = candidates.live();
        TestCandidate leader = candidates.awaitSingleLeader(WITHIN);
        TestCandidate victim = live.get(random.nextInt(live.size()));
        log.info(
            "round {} (seed {}): {} (leader {}, victim {})",
            round,
            seed,
            action,
            leader.id(),
            victim.id());
        switch (action) {
          case CLOSE_LEADER -> {
            if (live.size() > 2) {
              leader.close();
              leaderMoves++;
            }
            candidates.add();
          }
          case RESIGN_LEADER -> {
            leader.election().resign();
            leaderMoves++;
          }
          case EXPIRE_ON_SERVER -> {
            candidates.recorder.markDisrupted(victim.id());
            long before = victim.session().sessionId();
            SessionExpirer.expireOnServer(victim.session().curator(), WITHIN);
            await()
                .atMost(WITHIN)
                .until(
                    () -> victim.session().isConnected() && victim.session().sessionId() != before);
          }
          case EXPIRE_IN_CLIENT -> {
            // The client drops its session; the server expires it only a session timeout later.
            // The victim revokes as soon as its client reports the expiry, which under heavy load
            // can take longer than that timeout: a stalled process, which no election can stop
            // (the fence does). So its session does not count as healthy for the overlap check.
            candidates.recorder.markDisrupted(victim.id());
            long before = victim.session().sessionId();
            victim
                .session()
                .curator()
                .getZookeeperClient()
                .getZooKeeper()
                .getTestable()
                .injectSessionExpiration();
            await()
                .atMost(WITHIN)
                .until(
                    () -> victim.session().isConnected() && victim.session().sessionId() != before);
          }
          case CUT_AND_HEAL -> {
            int which = random.nextInt(proxies.size());
            TestCandidate cutOff = proxied.get(which);
            if (cutOff.election().state() == LeaderElection.State.STARTED) {
              proxies.get(which).cut();
              await().atMost(WITHIN).until(() -> !cutOff.election().health().connected());
              proxies.get(which).heal();
              await().atMost(WITHIN).until(() -> cutOff.election().health().connected());
            }
          }
          case JOIN -> candidates.add();
        }
        candidates.awaitSingleLeader(WITHIN);
        candidates.recorder.clearDisrupted();
        candidates.recorder.assertNoViolations();
      }
      candidates.recorder.assertNoOverlapsOnHealthySessions();
      // the churn really moved the leadership: the first election, then one for every round that
      // closed or resigned the leader (an expiry or cut may move it too, so at least that many)
      assertThat(candidates.recorder.electedEvents()).hasSizeGreaterThan(leaderMoves);
    } finally {
      proxies.forEach(TcpProxy::close);
    }
  }
}
