// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZkOpCodes;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link FencedLock#release()} ends the hold, sends the delete and waits for its answer at most the
 * session's close timeout, returning true only if the ensemble confirmed it: what that means for
 * the successor, for the same session's next acquire, and when the link fails or the session closes
 * around it. Links are cut or held up with a {@link TcpProxy}.
 */
class FencedLockReleaseTest {
  private static final AtomicInteger PATHS = new AtomicInteger();
  private static final Duration WAIT = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();

  private BatonSession session(String connect) {
    return closer.add(
        BatonSession.start(
            SessionConfig.builder(connect).sessionTimeout(Duration.ofSeconds(8)).build()));
  }

  /** A session whose closes and releases wait at most {@code closeTimeout} for the ensemble. */
  private BatonSession session(String connect, Duration closeTimeout) {
    return closer.add(
        BatonSession.start(
            SessionConfig.builder(connect)
                .sessionTimeout(Duration.ofSeconds(8))
                .closeTimeout(closeTimeout)
                .build()));
  }

  private static FencedLock lock(BatonSession session, String path, String owner) {
    return FencedLock.create(session, LockConfig.builder(path).ownerId(owner).build());
  }

  private static String newPath() {
    return "/baton-test/release-" + PATHS.incrementAndGet();
  }

  private ExecutorService pool() {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    closer.add(pool::shutdownNow);
    return pool;
  }

  /**
   * On a thread of {@code pool}: acquires, notes whether {@code previous} was still valid at the
   * grant, releases; the future yields the hold's token.
   */
  private static Future<FencingToken> takeAndRelease(
      ExecutorService pool, FencedLock lock, LockHandle previous, AtomicBoolean previousValid) {
    return pool.submit(
        () -> {
          LockHandle h = lock.acquire(WAIT).orElseThrow();
          previousValid.set(previous.isActive());
          FencingToken token = h.token();
          assertThat(lock.release()).isTrue();
          return token;
        });
  }

  @Test
  void aValidHoldReleasesWithTrueOnceTheEnsembleConfirmedTheDelete() throws Exception {
    String path = newPath();
    FencedLock holder = lock(session(ZK.connectString(), Duration.ofSeconds(30)), path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    LockHandle held = holder.acquire(WAIT).orElseThrow();

    long start = System.nanoTime();
    assertThat(holder.release()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("one round trip, not the close timeout (30 s)")
        .isLessThan(Duration.ofSeconds(2));
    assertThat(held.revocationReason()).contains(RevocationReason.RESIGNED);
    assertThat(probe.checkExists().forPath(held.nodePath()))
        .as("the ensemble had deleted the znode when release returned")
        .isNull();
  }

  @Test
  void anUnansweredReleaseReturnsFalseWithinTheCloseTimeoutAndTheSuccessorWaitsForIt()
      throws Exception {
    String path = newPath();
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", ZK.port()));
    FencedLock holder = lock(session(proxy.connectString(), Duration.ofSeconds(1)), path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    FencedLock successor = lock(session(ZK.connectString()), path, "successor");
    LockHandle held = holder.acquire(WAIT).orElseThrow();
    AtomicBoolean heldValidAtGrant = new AtomicBoolean(true);
    Future<FencingToken> next = takeAndRelease(pool(), successor, held, heldValidAtGrant);
    await().atMost(WAIT).until(() -> probe.getChildren().forPath(path).size() == 2);

    proxy.hold(); // the delete leaves the holder's client but does not reach the server
    long start = System.nanoTime();
    assertThat(holder.release()).as("no answer within the close timeout").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("the close timeout (1 s), not until the link fails (~5 s)")
        .isLessThan(Duration.ofSeconds(3));

    assertThat(held.isActive()).isFalse();
    assertThat(held.revocationReason()).contains(RevocationReason.RESIGNED);
    assertThatThrownBy(held::checkActive).isInstanceOf(LockLostException.class);
    assertThat(holder.isHeldByCurrentThread()).isFalse();
    assertThat(probe.checkExists().forPath(held.nodePath()))
        .as("release returned before the delete was applied")
        .isNotNull();
    assertThat(next).as("no successor while the held znode exists").isNotDone();

    proxy.heal();
    assertThat(next.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isGreaterThan(held.token());
    assertThat(heldValidAtGrant)
        .as("the old hold was over when the successor got the lock")
        .isFalse();
    assertThat(probe.checkExists().forPath(held.nodePath())).isNull();
  }

  @Test
  void anAcquireRightAfterReleaseOnTheSameSessionGetsAHigherToken() throws Exception {
    String path = newPath();
    BatonSession shared = session(ZK.connectString());
    FencedLock[] locks = {lock(shared, path, "a"), lock(shared, path, "b")};
    CuratorFramework probe = session(ZK.connectString()).curator();
    LockHandle previous = locks[0].acquire(WAIT).orElseThrow();
    for (int i = 1; i <= 20; i++) {
      assertThat(locks[(i - 1) % 2].release()).isTrue();
      LockHandle h = locks[i % 2].acquire(WAIT).orElseThrow();
      assertThat(h.token()).isGreaterThan(previous.token());
      assertThat(previous.isActive()).isFalse();
      assertThat(probe.checkExists().forPath(previous.nodePath()))
          .as("the delete was applied before the next create of the session")
          .isNull();
      previous = h;
    }
    assertThat(locks[0].release()).isTrue();
    await()
        .atMost(WAIT)
        .untilAsserted(() -> assertThat(probe.getChildren().forPath(path)).isEmpty());
  }

  @Test
  void aReleaseWhileTheLinkIsDownDeletesTheZnodeOnceItIsBackInTheSameSession() throws Exception {
    String path = newPath();
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", ZK.port()));
    BatonSession holderSession = session(proxy.connectString());
    FencedLock holder = lock(holderSession, path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    LockHandle held = holder.acquire(WAIT).orElseThrow();
    long sessionId = holderSession.sessionId();

    proxy.cut();
    await().atMost(WAIT).until(() -> !held.isActive());
    assertThat(holder.release()).as("the suspension had ended the hold").isFalse();
    assertThat(held.revocationReason()).contains(RevocationReason.CONNECTION_SUSPENDED);
    assertThat(probe.checkExists().forPath(held.nodePath())).isNotNull();

    proxy.heal();
    await().atMost(WAIT).until(() -> probe.checkExists().forPath(held.nodePath()) == null);
    assertThat(holderSession.sessionId())
        .as("deleted by the release's delete, not by the session's end")
        .isEqualTo(sessionId);
    assertThat(probe.getChildren().forPath(path)).isEmpty();
  }

  @Test
  void aDeleteLostWithTheConnectionIsSentAgainAfterTheReconnection() throws Exception {
    String path = newPath();
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", ZK.port()));
    BatonSession holderSession = session(proxy.connectString());
    FencedLock holder = lock(holderSession, path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    FencedLock successor = lock(session(ZK.connectString()), path, "successor");
    LockHandle held = holder.acquire(WAIT).orElseThrow();
    long sessionId = holderSession.sessionId();

    proxy.blackhole(); // the delete is lost on the way
    assertThat(holder.release()).as("no answer within the close timeout").isFalse();
    assertThat(probe.checkExists().forPath(held.nodePath())).isNotNull();
    proxy.heal(); // closes the connection that lost it: the client reconnects, same session

    AtomicBoolean heldValidAtGrant = new AtomicBoolean(true);
    FencingToken next =
        takeAndRelease(pool(), successor, held, heldValidAtGrant)
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(next).isGreaterThan(held.token());
    assertThat(heldValidAtGrant).isFalse();
    assertThat(holderSession.sessionId()).isEqualTo(sessionId);
    await().atMost(WAIT).until(() -> probe.getChildren().forPath(path).isEmpty());
  }

  @Test
  void aDeleteAppliedButUnansweredIsSentAgainHarmlessly() throws Exception {
    String path = newPath();
    TcpProxy proxy = closer.add(TcpProxy.start("127.0.0.1", ZK.port()));
    BatonSession holderSession = session(proxy.connectString());
    FencedLock holder = lock(holderSession, path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    LockHandle held = holder.acquire(WAIT).orElseThrow();
    long sessionId = holderSession.sessionId();

    var cut = proxy.cutAfterNextRequest(ZkOpCodes.DELETE);
    assertThat(holder.release()).as("applied, but its answer was lost: not confirmed").isFalse();
    cut.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    await().atMost(WAIT).until(() -> probe.checkExists().forPath(held.nodePath()) == null);

    LockHandle again = holder.acquire(WAIT).orElseThrow();
    assertThat(again.token()).isGreaterThan(held.token());
    assertThat(holderSession.sessionId()).isEqualTo(sessionId);
    assertThat(probe.getChildren().forPath(path))
        .containsExactly(again.nodePath().substring(path.length() + 1));
    assertThat(holder.release()).isTrue();
  }

  @Test
  void closingTheSessionRightAfterReleaseLeavesNothingBehind() throws Exception {
    String path = newPath();
    BatonSession holderSession = session(ZK.connectString());
    FencedLock holder = lock(holderSession, path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    FencedLock successor = lock(session(ZK.connectString()), path, "successor");
    LockHandle held = holder.acquire(WAIT).orElseThrow();
    AtomicBoolean heldValidAtGrant = new AtomicBoolean(true);
    Future<FencingToken> next = takeAndRelease(pool(), successor, held, heldValidAtGrant);
    await().atMost(WAIT).until(() -> probe.getChildren().forPath(path).size() == 2);

    assertThat(holder.release()).isTrue();
    holderSession.close();

    assertThat(next.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isGreaterThan(held.token());
    assertThat(heldValidAtGrant).isFalse();
    await().atMost(WAIT).until(() -> probe.getChildren().forPath(path).isEmpty());
  }

  @Test
  void closingTheLockEndsAHoldOfAnotherThreadWhoseReleaseThenSendsTheDelete() throws Exception {
    String path = newPath();
    FencedLock holder = lock(session(ZK.connectString()), path, "holder");
    CuratorFramework probe = session(ZK.connectString()).curator();
    ExecutorService holdingThread = pool();
    LockHandle held =
        holdingThread.submit(() -> holder.acquire(WAIT).orElseThrow()).get(20, TimeUnit.SECONDS);

    holder.close();

    assertThat(held.isActive()).isFalse();
    assertThat(held.revocationReason()).contains(RevocationReason.CLOSED);
    assertThat(holdingThread.submit(holder::release).get(20, TimeUnit.SECONDS))
        .as("the hold had ended with the close")
        .isFalse();
    await().atMost(WAIT).until(() -> probe.getChildren().forPath(path).isEmpty());
  }
}
