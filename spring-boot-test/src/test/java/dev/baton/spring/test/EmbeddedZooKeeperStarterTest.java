// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * End to end with Baton's starter: the application's session and its election run on the embedded
 * server, and a real server-side expiry of the session ends the term and starts a newer one.
 */
@SpringBootTest(properties = "baton.election.billing.path=/billing")
@AutoConfigureEmbeddedZooKeeper
class EmbeddedZooKeeperStarterTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  @Autowired EmbeddedZooKeeperServer zooKeeper;
  @Autowired BatonSession session;

  @Autowired
  @Qualifier("billingElection")
  BatonElection billing;

  @Test
  void theSessionRunsOnTheEmbeddedServerAndSurvivesAnExpiry() {
    await().atMost(WAIT).until(session::isConnected);
    assertThat(session.curator().getZookeeperClient().getCurrentConnectionString())
        .isEqualTo(zooKeeper.connectString());
    await().atMost(WAIT).until(billing::isLeader);
    Leadership first = billing.leadership().orElseThrow();
    FencingToken firstToken = first.token();
    long firstSession = session.sessionId();

    zooKeeper.expireSession(session);

    await().atMost(WAIT).until(() -> !first.isActive());
    await()
        .atMost(WAIT)
        .until(
            () ->
                billing
                    .leadership()
                    .filter(Leadership::isActive)
                    .map(term -> term.token().isNewerThan(firstToken))
                    .orElse(false));
    assertThat(session.sessionId()).isNotEqualTo(firstSession);
    Optional<Leadership> second = billing.leadership();
    assertThat(second).isPresent();
    assertThat(second.get()).isNotSameAs(first);
  }
}
