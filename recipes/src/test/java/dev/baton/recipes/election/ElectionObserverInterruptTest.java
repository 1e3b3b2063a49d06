// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import org.apache.curator.test.TestingServer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An observer read on an interrupted thread fails with {@link CoordinationException} and leaves the
 * thread interrupted, so that the caller still sees that it was asked to stop.
 *
 * <p>The reads run while the client is disconnected: Curator restores the interrupt flag itself
 * when an operation is interrupted, but not when the wait for a connection before it is, so there
 * only the observer can restore it.
 */
class ElectionObserverInterruptTest {
  private static final String PATH = "/baton-test/observer-interrupt";
  @RegisterExtension final Closer closer = new Closer();

  /** An observer whose session has lost its server. */
  private ElectionObserver disconnectedObserver() throws Exception {
    TestingServer server = closer.add(ZooKeeperFixtures.startServer());
    BatonSession session =
        closer.add(
            BatonSession.start(
                SessionConfig.builder(server.getConnectString())
                    .sessionTimeout(Duration.ofSeconds(4))
                    .build()));
    session.curator().create().creatingParentsIfNeeded().forPath(PATH);
    ElectionObserver observer = new ElectionObserver(session, PATH);
    server.stop();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> !session.curator().getZookeeperClient().isConnected());
    return observer;
  }

  @Test
  void currentLeaderKeepsTheInterrupt() throws Exception {
    ElectionObserver observer = disconnectedObserver();
    assertFailsInterrupted(observer::currentLeader);
  }

  @Test
  void participantsKeepsTheInterrupt() throws Exception {
    ElectionObserver observer = disconnectedObserver();
    assertFailsInterrupted(observer::participants);
  }

  private static void assertFailsInterrupted(ThrowingCallable read) {
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(read)
          .isInstanceOf(CoordinationException.class)
          .hasRootCauseInstanceOf(InterruptedException.class);
      assertThat(Thread.currentThread().isInterrupted())
          .as("the thread is still interrupted")
          .isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
