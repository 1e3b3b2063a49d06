// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.Closer;
import java.time.Duration;
import java.util.Optional;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The delete of a leaving candidate against a real, healthy server: a wait that the close's own
 * bound cut short (a slow callback used the rest) is no sign of an unreachable ensemble, so it
 * leaves the session's close wait intact for the closes that follow (the election's own session
 * close among them); a whole close wait without an answer spares them theirs (see {@code
 * CloseDuringOutageTest}).
 */
class QueueIoDeleteLeavingTest {
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration NO_TIME_FOR_AN_ANSWER = Duration.ofNanos(1);

  @RegisterExtension final Closer closer = new Closer();
  private BatonSession session;
  private ZkQueueStore store;

  @BeforeEach
  void start() throws Exception {
    TestingServer server = closer.add(new TestingServer());
    session =
        closer.add(
            BatonSession.start(
                SessionConfig.builder(server.getConnectString())
                    .closeTimeout(CLOSE_TIMEOUT)
                    .build()));
    store = new ZkQueueStore(session.curator(), session.liveness(), "/q/leave");
  }

  @Test
  void aDeleteCutShortByTheClosesBoundDoesNotSpareLaterClosesTheirWait() {
    Optional<Deletion> d = enterAndLeave(NO_TIME_FOR_AN_ANSWER, true);

    assertThat(d).contains(Deletion.NO_ANSWER);
    assertThat(session.liveness().closeWait()).isEqualTo(CLOSE_TIMEOUT);
    await().until(() -> store.list().isEmpty()); // the delete went on in the background
  }

  /** The control: the same missing answer, within a wait that was whole, is a give-up. */
  @Test
  void aDeleteUnansweredWithinItsWholeWaitSparesLaterClosesTheirWait() {
    Optional<Deletion> d = enterAndLeave(NO_TIME_FOR_AN_ANSWER, false);

    assertThat(d).contains(Deletion.NO_ANSWER);
    assertThat(session.liveness().closeWait()).isZero();
  }

  @Test
  void aDeleteLeftNoTimeAtAllGoesOnInTheBackground() {
    Optional<Deletion> d = enterAndLeave(Duration.ZERO, true);

    assertThat(d).isEmpty();
    assertThat(session.liveness().closeWait()).isEqualTo(CLOSE_TIMEOUT);
    await().until(() -> store.list().isEmpty());
  }

  private Optional<Deletion> enterAndLeave(Duration limit, boolean cutShort) {
    QueueEntry entry = store.enter("me-", new byte[0]);
    return new QueueIo(store, "key", "me").deleteLeaving(entry.name(), limit, cutShort);
  }
}
