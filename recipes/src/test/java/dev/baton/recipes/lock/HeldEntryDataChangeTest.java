// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Someone sets the data of the held lock's znode (a {@code set} in zkCli, say): the znode is still
 * there and still first in the queue, so the hold goes on and the waiter goes on waiting. The
 * waiter's watch on the znode ahead, and with {@code watchHeldNode} the holder's watch on its own
 * znode, must take only the deletion for the znode's departure, and must still hear of it after the
 * change.
 */
class HeldEntryDataChangeTest {
  private static final AtomicInteger PATHS = new AtomicInteger();
  private static final int CHANGES = 20;
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();

  private BatonSession session() {
    BatonSession s =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(4))
                .build());
    closer.add(s);
    return s;
  }

  private FencedLock lock(String path, String owner, boolean watchHeldNode) {
    return FencedLock.create(
        session(), LockConfig.builder(path).ownerId(owner).watchHeldNode(watchHeldNode).build());
  }

  @ParameterizedTest(name = "watchHeldNode={0}")
  @ValueSource(booleans = {false, true})
  void aDataChangeOnTheHeldZnodeNeitherEndsTheHoldNorLetsTheWaiterIn(boolean watchHeldNode)
      throws Exception {
    String path = "/baton-test/held-data-" + PATHS.incrementAndGet();
    FencedLock a = lock(path, "a", watchHeldNode);
    FencedLock b = lock(path, "b", watchHeldNode);
    BatonSession admin = session();
    LockHandle held = a.acquire(Duration.ofSeconds(10)).orElseThrow();
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      Future<Optional<LockHandle>> waiter = other.submit(() -> b.acquire(Duration.ofSeconds(10)));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> admin.curator().getChildren().forPath(path).size() == 2);

      // Changed again and again: B's watch on A's znode is set at some point of B's wait, which
      // the test cannot see, and each change after it must set the watch again.
      for (int i = 0; i < CHANGES; i++) {
        admin
            .curator()
            .setData()
            .forPath(held.nodePath(), ("touched " + i).getBytes(StandardCharsets.UTF_8));
        // A's znode is still there and first: B must not hold while A does.
        assertThat(catchThrowable(() -> waiter.get(100, TimeUnit.MILLISECONDS)))
            .as("B's acquire after change %d, while A holds", i)
            .isInstanceOf(TimeoutException.class);
        assertThat(held.isActive()).as("A's hold after change %d", i).isTrue();
      }
      assertThat(admin.curator().checkExists().forPath(held.nodePath())).isNotNull();

      // The watch still hears of the znode's departure after the change.
      held.close();
      LockHandle next = waiter.get(10, TimeUnit.SECONDS).orElseThrow();
      assertThat(held.isActive()).isFalse();
      assertThat(next.token()).isGreaterThan(held.token());
      assertThat(next.isActive()).isTrue();
      other.submit(next::close).get(10, TimeUnit.SECONDS);
    } finally {
      other.shutdownNow();
    }
  }

  @Test
  void aWatchedHoldStillEndsWhenItsZnodeIsDeletedAfterADataChange() throws Exception {
    String path = "/baton-test/held-data-" + PATHS.incrementAndGet();
    FencedLock a = lock(path, "a", true);
    BatonSession admin = session();
    LockHandle held = a.acquire(Duration.ofSeconds(10)).orElseThrow();
    admin.curator().setData().forPath(held.nodePath(), "touched".getBytes(StandardCharsets.UTF_8));
    admin.curator().delete().forPath(held.nodePath());
    await().atMost(Duration.ofSeconds(10)).until(() -> !held.isActive());
    held.close();
  }
}
