// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.TestApps;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;

/** Two and three applications of one service on one ZooKeeper. */
class ElectionFailoverTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/failover-test/" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private void startInstances(int n) {
    for (int i = 1; i <= n; i++) {
      apps.add(
          TestApps.start(
              List.of(),
              "baton.connect-string=" + ZK.connectString(),
              "baton.session-timeout=4s",
              "baton.connection-timeout=2s",
              "baton.instance-id=node-" + i,
              "baton.election.billing.path=" + path));
    }
  }

  private static BatonElection election(ConfigurableApplicationContext app) {
    return app.getBean(BatonElections.class).get("billing");
  }

  private List<ConfigurableApplicationContext> leaders() {
    return apps.stream().filter(a -> a.isActive() && election(a).isLeader()).toList();
  }

  private ConfigurableApplicationContext awaitSingleLeader() {
    await().atMost(Duration.ofSeconds(10)).until(() -> leaders().size() == 1);
    return leaders().get(0);
  }

  @Test
  void exactlyOneOfThreeLeadsAndClosingItHandsOverWithinOneSecond() {
    startInstances(3);
    ConfigurableApplicationContext leader = awaitSingleLeader();
    FencingToken first = election(leader).leadership().orElseThrow().token();
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> leaders().size() == 1);

    long closing = System.nanoTime();
    leader.close();
    await().atMost(Duration.ofSeconds(1)).until(() -> leaders().size() == 1);
    // From the start of close(), which includes the context's whole shutdown.
    long handoverMillis = (System.nanoTime() - closing) / 1_000_000;
    ConfigurableApplicationContext next = leaders().get(0);
    assertThat(next).isNotSameAs(leader);
    assertThat(election(next).leadership().orElseThrow().token().isNewerThan(first)).isTrue();
    assertThat(handoverMillis).isLessThan(1000);
  }

  @Test
  void expiringTheLeadersSessionOnTheServerElectsASuccessorWithAHigherToken() {
    startInstances(2);
    ConfigurableApplicationContext leader = awaitSingleLeader();
    FencingToken first = election(leader).leadership().orElseThrow().token();

    SessionExpirer.expireOnServer(
        leader.getBean(BatonSession.class).curator(), Duration.ofSeconds(5));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                apps.stream()
                    .filter(a -> a != leader)
                    .map(a -> election(a).leadership())
                    .flatMap(Optional::stream)
                    .anyMatch(l -> l.isActive() && l.token().isNewerThan(first)));
    await().atMost(Duration.ofSeconds(10)).until(() -> leaders().size() == 1);
    assertThat(leaders()).doesNotContain(leader);
    // The expired instance comes back as a candidate on its new session.
    await().atMost(Duration.ofSeconds(10)).until(() -> election(leader).participants().size() == 2);
  }
}
