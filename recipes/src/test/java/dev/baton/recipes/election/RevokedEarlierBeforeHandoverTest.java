// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A close waits for a {@code revoked} that an earlier event started, not only for the one it
 * causes: here a suspension revokes the term (standard policy), the user closes while that {@code
 * revoked} still runs, and the link comes back in the same session. Before, the close deleted the
 * znode at once (it had revoked nothing itself), and the successor was elected while the old
 * leader's {@code revoked} still ran (found in review; this test failed then).
 */
class RevokedEarlierBeforeHandoverTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final String PATH = "/revoked-earlier-before-handover";
  private static final Duration WITHIN = Duration.ofSeconds(20);

  @Test
  void aCloseWaitsForTheRevokedOfATermASuspensionEnded() throws Exception {
    CountDownLatch inRevoked = new CountDownLatch(1);
    CountDownLatch finishRevoked = new CountDownLatch(1);
    try (TcpProxy proxy = TcpProxy.start("127.0.0.1", ZK.port());
        BatonSession a =
            BatonSession.start(
                SessionConfig.builder(proxy.connectString())
                    .sessionTimeout(Duration.ofSeconds(30))
                    .build());
        BatonSession b = BatonSession.start(SessionConfig.builder(ZK.connectString()).build())) {
      LeaderElection leader =
          LeaderElection.create(
              a,
              ElectionConfig.builder(PATH).callbackDrainTimeout(Duration.ofSeconds(30)).build(),
              TestListeners.blockingRevoked(inRevoked, finishRevoked, WITHIN));
      LeaderElection successor =
          LeaderElection.create(b, ElectionConfig.builder(PATH).build(), TestListeners.quiet());
      leader.start();
      assertThat(leader.awaitLeadership(WITHIN)).isPresent();
      successor.start();
      await().atMost(WITHIN).until(() -> successor.participants().size() == 2);

      proxy.cut(); // the leader's link drops: the term is revoked, its revoked callback blocks
      assertThat(inRevoked.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      CompletableFuture<Void> closing = CompletableFuture.runAsync(leader::close);
      proxy.heal(); // back in the same session: a delete could land now
      await()
          .during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(5))
          .until(() -> !successor.isLeader() && !closing.isDone());

      finishRevoked.countDown();
      await().atMost(WITHIN).until(successor::isLeader);
      closing.get(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
      successor.close();
    }
  }
}
