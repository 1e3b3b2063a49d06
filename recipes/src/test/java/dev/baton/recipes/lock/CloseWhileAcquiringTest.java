// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The review found that an acquire waiting when its lock closed could still take a hold afterwards:
 * a hold the closed lock no longer followed, so a suspended link or a lost session never ended it.
 * A waiting acquire must end once the lock is closed, as acquire on a closed lock does, and never
 * hand out an active hold.
 */
class CloseWhileAcquiringTest {
  private static final AtomicInteger PATHS = new AtomicInteger();
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stopThreads() {
    threads.shutdownNow();
  }

  private BatonSession session() {
    BatonSession s =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(4))
                .build());
    closer.add(s);
    return s;
  }

  private static String newPath() {
    return "/baton-test/close-while-acquiring-" + PATHS.incrementAndGet();
  }

  /** Starts {@code lock.acquire(30 s)} on another thread and returns once that thread waits. */
  private Future<Optional<LockHandle>> waitingAcquire(FencedLock lock) throws Exception {
    AtomicReference<Thread> waiter = new AtomicReference<>();
    CountDownLatch calling = new CountDownLatch(1);
    Future<Optional<LockHandle>> f =
        threads.submit(
            () -> {
              waiter.set(Thread.currentThread());
              calling.countDown();
              return lock.acquire(Duration.ofSeconds(30));
            });
    assertThat(calling.await(10, TimeUnit.SECONDS)).isTrue();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> waiter.get().getState() == Thread.State.TIMED_WAITING);
    return f;
  }

  /** It ends within a few seconds (not its 30 s) as acquire on a closed lock, or empty. */
  private static void assertEndsWithoutAHold(Future<Optional<LockHandle>> acquire)
      throws Exception {
    Optional<LockHandle> got;
    try {
      got = acquire.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      assertThat(e.getCause())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("is closed");
      return;
    }
    assertThat(got).as("a hold taken after the lock was closed").isEmpty();
  }

  @Test
  void anAcquireWaitingForTheLocalLockEndsWhenTheLockClosesAndTakesNoHold() throws Exception {
    String path = newPath();
    FencedLock lock = FencedLock.create(session(), LockConfig.builder(path).ownerId("a").build());
    LockHandle held = lock.acquire(Duration.ofSeconds(10)).orElseThrow();
    Future<Optional<LockHandle>> b = waitingAcquire(lock);

    CompletableFuture.runAsync(lock::close, threads).get(10, TimeUnit.SECONDS);
    assertThat(held.isActive()).as("the hold taken before the close ends with it").isFalse();
    assertThat(held.revocationReason()).contains(RevocationReason.CLOSED);
    assertThat(lock.release()).as("the hold had ended").isFalse();

    assertEndsWithoutAHold(b);
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(session().curator().getChildren().forPath(path)).isEmpty());
  }

  @Test
  void anAttemptInTheQueueWhenTheLockClosesWithdrawsAndTakesNoHold() throws Exception {
    String path = newPath();
    FencedLock other =
        FencedLock.create(session(), LockConfig.builder(path).ownerId("other").build());
    FencedLock lock =
        FencedLock.create(session(), LockConfig.builder(path).ownerId("waiter").build());
    LockHandle held = other.acquire(Duration.ofSeconds(10)).orElseThrow();
    Future<Optional<LockHandle>> c = waitingAcquire(lock);
    BatonSession probe = session();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(probe.curator().getChildren().forPath(path)).hasSize(2));

    lock.close();
    assertThat(other.release()).isTrue(); // the attempt's turn comes: it must not take it

    assertEndsWithoutAHold(c);
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(probe.curator().getChildren().forPath(path))
                    .as("the attempt withdrew its znode")
                    .isEmpty());
    assertThat(held.revocationReason()).contains(RevocationReason.RESIGNED);
  }
}
