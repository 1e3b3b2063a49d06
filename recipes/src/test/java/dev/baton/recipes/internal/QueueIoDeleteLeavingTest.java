// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.internal.queue.QueueIo;
import dev.baton.recipes.kernel.QueueEntry;
import dev.baton.recipes.kernel.QueueStore;
import java.time.Duration;
import java.util.Optional;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * The delete of a leaving candidate against a real, healthy server: a wait that the close's own
 * bound cut short (a slow callback used the rest) is no sign of an unreachable ensemble, so it
 * leaves the session's close wait intact for the closes that follow (the election's own session
 * close among them); a whole close wait without an answer spares them theirs (see {@code
 * CloseDuringOutageTest}).
 */
class QueueIoDeleteLeavingTest {
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

  @Test
  void aDeleteCutShortByTheClosesBoundDoesNotSpareLaterClosesTheirWait() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/q/leave");
      QueueEntry entry = store.enter("me-", new byte[0]);
      QueueIo io = new QueueIo(store, "key", "me");

      // no answer can come within a nanosecond
      Optional<QueueStore.Deletion> d = io.deleteLeaving(entry.name(), Duration.ofNanos(1), true);

      assertThat(d).contains(QueueStore.Deletion.NO_ANSWER);
      assertThat(session.liveness().closeWait()).isEqualTo(CLOSE_TIMEOUT);
      await().until(() -> store.list().isEmpty()); // the delete went on in the background
    }
  }

  /** The control: the same missing answer, within a wait that was whole, is a give-up. */
  @Test
  void aDeleteUnansweredWithinItsWholeWaitSparesLaterClosesTheirWait() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/q/leave");
      QueueEntry entry = store.enter("me-", new byte[0]);

      Optional<QueueStore.Deletion> d =
          new QueueIo(store, "key", "me").deleteLeaving(entry.name(), Duration.ofNanos(1), false);

      assertThat(d).contains(QueueStore.Deletion.NO_ANSWER);
      assertThat(session.liveness().closeWait()).isZero();
    }
  }

  @Test
  void aDeleteLeftNoTimeAtAllGoesOnInTheBackground() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session = start(server)) {
      ZkQueueStore store = new ZkQueueStore(session.curator(), session.liveness(), "/q/leave");
      QueueEntry entry = store.enter("me-", new byte[0]);

      Optional<QueueStore.Deletion> d =
          new QueueIo(store, "key", "me").deleteLeaving(entry.name(), Duration.ZERO, true);

      assertThat(d).isEmpty();
      assertThat(session.liveness().closeWait()).isEqualTo(CLOSE_TIMEOUT);
      await().until(() -> store.list().isEmpty());
    }
  }

  private static BatonSession start(TestingServer server) {
    return BatonSession.start(
        SessionConfig.builder(server.getConnectString()).closeTimeout(CLOSE_TIMEOUT).build());
  }
}
