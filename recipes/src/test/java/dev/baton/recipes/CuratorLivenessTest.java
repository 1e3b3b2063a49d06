// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import dev.baton.recipes.spi.Subscription;
import dev.baton.testkit.SessionExpirer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/** The session's liveness against a real server: epochs, their order, the thread, and done. */
class CuratorLivenessTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);

  @Test
  void publishesRisingEpochsOffCuratorsThreadsAndDoneOnASessionsEnd() throws Exception {
    try (TestingServer server = new TestingServer()) {
      BatonSession session =
          BatonSession.start(
              SessionConfig.builder(server.getConnectString())
                  .sessionTimeout(Duration.ofSeconds(4))
                  .connectionTimeout(Duration.ofSeconds(2))
                  .build());
      try {
        List<ConnectionEpoch> seen = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        Subscription sub =
            session
                .liveness()
                .subscribe(
                    e -> {
                      seen.add(e);
                      threads.add(Thread.currentThread().getName());
                    });
        // Exactly the current epoch: Curator's own CONNECTED event, often handled after the
        // subscription, finds the session connected already and publishes nothing.
        await().during(Duration.ofMillis(500)).atMost(WITHIN).until(() -> seen.size() == 1);
        ConnectionEpoch first = seen.get(0);
        assertThat(first.link()).isEqualTo(Link.CONNECTED);
        assertThat(first.sessionId()).isEqualTo(session.sessionId());
        CompletableFuture<ConnectionEpoch> done = session.liveness().done();

        server.stop(); // suspended, then lost once the session timeout passes without a server
        await().atMost(WITHIN).until(() -> seen.stream().anyMatch(e -> e.link() == Link.SUSPENDED));
        assertThat(session.liveness().current().isConnected()).isFalse();
        assertThat(session.isConnected()).isFalse();
        server.restart();
        await().atMost(WITHIN).until(() -> session.liveness().current().isConnected());

        long before = session.sessionId();
        SessionExpirer.expireOnServer(session.curator(), WITHIN);
        ConnectionEpoch ended = done.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        assertThat(ended.link()).isIn(Link.LOST, Link.CONNECTED);
        await()
            .atMost(WITHIN)
            .until(
                () ->
                    session.liveness().current().isConnected()
                        && session.liveness().current().sessionId() != before);
        assertThat(session.liveness().done()).isNotSameAs(done).isNotDone();

        await()
            .atMost(WITHIN)
            .until(
                () -> seen.get(seen.size() - 1).number() == session.liveness().current().number());
        for (int i = 1; i < seen.size(); i++) {
          assertThat(seen.get(i).number()).isGreaterThan(seen.get(i - 1).number());
        }
        assertThat(threads).allMatch(t -> t.startsWith("baton-session-"));
        sub.close();
        int heard = seen.size();
        server.stop();
        await().atMost(WITHIN).until(() -> !session.liveness().current().isConnected());
        assertThat(seen).hasSize(heard);
        server.restart();
      } finally {
        session.close();
      }
      assertThat(session.liveness().current().link()).isEqualTo(Link.CLOSED);
    }
  }

  @Test
  void aConnectedStateInTheSessionAlreadyConnectedIsNoNewEpoch() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session =
            BatonSession.start(SessionConfig.builder(server.getConnectString()).build())) {
      CuratorLiveness liveness = (CuratorLiveness) session.liveness();
      await().atMost(WITHIN).until(() -> liveness.current().isConnected());
      ConnectionEpoch before = liveness.current();
      // Curator's late reports of the connection this liveness already saw: nothing changed.
      liveness.stateChanged(session.curator(), ConnectionState.CONNECTED);
      liveness.stateChanged(session.curator(), ConnectionState.RECONNECTED);
      assertThat(liveness.current()).isSameAs(before);
      // After a suspension the same session's reconnection is news.
      liveness.stateChanged(session.curator(), ConnectionState.SUSPENDED);
      liveness.stateChanged(session.curator(), ConnectionState.RECONNECTED);
      assertThat(liveness.current().number()).isEqualTo(before.number() + 2);
      assertThat(liveness.current().link()).isEqualTo(Link.CONNECTED);
      assertThat(liveness.current().sessionId()).isEqualTo(before.sessionId());
    }
  }
}
