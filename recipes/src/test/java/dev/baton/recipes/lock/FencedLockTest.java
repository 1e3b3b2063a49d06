// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.InMemoryFence;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.utils.ZKPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fenced lock on a real ZooKeeper server. */
class FencedLockTest {
  private static final AtomicInteger PATHS = new AtomicInteger();
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

  private FencedLock lock(String path, String owner) {
    return FencedLock.create(session(), LockConfig.builder(path).ownerId(owner).build());
  }

  private static String newPath() {
    return "/baton-test/lock-" + PATHS.incrementAndGet();
  }

  @Test
  void contendersTakeTurnsWithRisingTokensAndNeverOverlap() throws Exception {
    String path = newPath();
    int contenders = 4;
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    List<FencingToken> tokens = new CopyOnWriteArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(contenders);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int c = 0; c < contenders; c++) {
        FencedLock lock = lock(path, "owner-" + c);
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 10; i++) {
                    try (LockHandle h = lock.acquire(Duration.ofSeconds(30)).orElseThrow()) {
                      if (inside.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                      }
                      tokens.add(h.token());
                      inside.decrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(overlaps).hasValue(0);
    assertThat(tokens).hasSize(40).isSorted().doesNotHaveDuplicates();
    assertThat(tokens).allSatisfy(t -> assertThat(t.scope()).isEqualTo(path));
  }

  @Test
  void isReentrantForTheHoldingThreadAndReleasesAtTheLastLevel() throws Exception {
    String path = newPath();
    FencedLock lock = lock(path, "a");
    FencedLock other = lock(path, "b");
    LockHandle first = lock.acquire(Duration.ofSeconds(10)).orElseThrow();
    LockHandle again = lock.acquire(Duration.ofSeconds(10)).orElseThrow();
    assertThat(again).isSameAs(first);
    assertThat(lock.release()).isTrue();
    assertThat(lock.isHeldByCurrentThread()).isTrue();
    assertThat(other.acquire(Duration.ofMillis(300))).isEmpty();
    first.close();
    assertThat(lock.isHeldByCurrentThread()).isFalse();
    try (LockHandle h = other.acquire(Duration.ofSeconds(10)).orElseThrow()) {
      assertThat(h.token()).isGreaterThan(first.token());
    }
  }

  @Test
  void onlyTheHoldingThreadMayRelease() throws Exception {
    FencedLock lock = lock(newPath(), "a");
    assertThat(lock.acquire(Duration.ofSeconds(10))).isPresent();
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      Future<?> f = other.submit(lock::release);
      assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(IllegalMonitorStateException.class);
    } finally {
      other.shutdownNow();
    }
    assertThat(lock.release()).isTrue();
  }

  @Test
  void aHolderWhoseSessionExpiredIsFencedOffAndItsReleaseTouchesNothing() throws Exception {
    String path = newPath();
    BatonSession s1 = session();
    FencedLock lock = FencedLock.create(s1, LockConfig.builder(path).ownerId("old").build());
    FencedLock next = lock(path, "new");
    InMemoryFence fence = new InMemoryFence();
    LockHandle old = lock.acquire(Duration.ofSeconds(10)).orElseThrow();
    fence.write("account-7", old.token(), ctx -> null);
    SessionExpirer.expireOnServer(s1.curator(), Duration.ofSeconds(10));
    await().atMost(Duration.ofSeconds(10)).until(() -> !old.isValid());
    LockHandle fresh = next.acquire(Duration.ofSeconds(10)).orElseThrow();
    fence.write("account-7", fresh.token(), ctx -> null);
    assertThatThrownBy(() -> fence.write("account-7", old.token(), ctx -> null))
        .isInstanceOf(StaleTokenException.class);
    assertThat(lock.release()).as("the old znode is gone; the new holder's is untouched").isFalse();
    assertThat(fresh.isValid()).isTrue();
    assertThat(session().curator().checkExists().forPath(fresh.nodePath())).isNotNull();
    fresh.close();
  }

  /**
   * The review found {@code LockLostException} was never thrown: a hold stayed valid after its
   * znode was deleted by someone else. With {@code watchHeldNode} the hold's own-znode watch ends
   * the term at once.
   */
  @Test
  void aHoldWhoseZnodeIsDeletedBySomeoneElseEndsAndCheckActiveThrows() throws Exception {
    String path = newPath();
    FencedLock lock =
        FencedLock.create(
            session(), LockConfig.builder(path).ownerId("holder").watchHeldNode(true).build());
    LockHandle hold = lock.acquire(Duration.ofSeconds(10)).orElseThrow();
    hold.checkActive();
    session().curator().delete().forPath(hold.nodePath());
    await().atMost(Duration.ofSeconds(10)).until(() -> !hold.isActive());
    assertThat(hold.revocationReason()).contains(dev.baton.recipes.RevocationReason.NODE_DELETED);
    assertThatThrownBy(hold::checkActive)
        .isInstanceOfSatisfying(
            LockLostException.class,
            e -> {
              assertThat(e.token()).isEqualTo(hold.token());
              assertThat(e.reason()).contains(dev.baton.recipes.RevocationReason.NODE_DELETED);
            });
    FencedLock other = lock(path, "next");
    LockHandle next = other.acquire(Duration.ofSeconds(10)).orElseThrow();
    assertThat(next.token()).isGreaterThan(hold.token());
    assertThat(lock.release()).as("its znode was already gone").isFalse();
    assertThat(next.isActive()).isTrue();
    next.close();
  }

  @Test
  void aTimedOutAttemptLeavesNoZnodeBehind() throws Exception {
    String path = newPath();
    FencedLock holder = lock(path, "holder");
    FencedLock waiter = lock(path, "waiter");
    LockHandle held = holder.acquire(Duration.ofSeconds(10)).orElseThrow();
    assertThat(waiter.acquire(Duration.ofMillis(200))).isEmpty();
    assertThat(ZK.connectString()).isNotEmpty();
    BatonSession probe = session();
    assertThat(probe.curator().getChildren().forPath(path))
        .as("only the holder's znode")
        .containsExactly(ZKPaths.getNodeFromPath(held.nodePath()));
    holder.release();
  }

  @Test
  void rejectsInvalidConfiguration() {
    assertThatThrownBy(() -> LockConfig.builder("relative").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lock path");
    assertThatThrownBy(() -> LockConfig.builder("/").build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LockConfig.builder("/l").ownerId("").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ownerId");
  }
}
