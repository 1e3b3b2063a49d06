// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

/** The create and the listing behind it, against a real server. */
class ZkQueueStoreEnterAndListTest {
  @Test
  void theEntryCarriesItsZnodesCzxidAndTheNamesReadBehindItIncludeIt() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/q/lock");
      store.enter("other-", new byte[0]); // someone ahead

      QueueStore.Entered entered =
          store.enterAndList("me-", "owner".getBytes(StandardCharsets.UTF_8));

      Stat stat = session.curator().checkExists().forPath(store.pathOf(entered.entry().name()));
      assertThat(stat).isNotNull();
      assertThat(entered.entry().token()).isEqualTo(stat.getCzxid()).isPositive();
      assertThat(entered.entry().ownerSession()).isEqualTo(session.sessionId());
      assertThat(entered.entry().name()).contains("me-");
      List<String> names = entered.names().toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertThat(names).hasSize(2).contains(entered.entry().name());
      assertThat(store.list()).containsExactlyInAnyOrderElementsOf(names);
    }
  }

  @Test
  void createsTheQueueIfItDoesNotExistYet() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/new/queue");

      QueueStore.Entered entered = store.enterAndList("me-", new byte[0]);

      assertThat(store.list()).containsExactly(entered.entry().name());
      // The listing was sent behind a create that first had to create the parents: it may have
      // been answered before the entry existed, and then it does not contain it (the lock lists
      // again); it never contains anything else.
      assertThat(entered.names().toCompletableFuture().get(10, TimeUnit.SECONDS))
          .isSubsetOf(entered.entry().name());
    }
  }

  @Test
  void aRefusedCreateFailsLikeEnter() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      session.curator().create().forPath("/eph");
      session.curator().delete().forPath("/eph");
      session
          .curator()
          .create()
          .withMode(org.apache.zookeeper.CreateMode.EPHEMERAL)
          .forPath("/eph"); // an ephemeral has no children
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/eph");

      assertThatThrownBy(() -> store.enterAndList("me-", new byte[0]))
          .isInstanceOf(CoordinationException.class)
          .hasMessageContaining("enter the queue /eph");
    }
  }

  private static BatonSession start(TestingServer server) {
    return BatonSession.start(
        SessionConfig.builder(server.getConnectString())
            .sessionTimeout(Duration.ofSeconds(10))
            .connectionTimeout(Duration.ofSeconds(5))
            .build());
  }
}
