// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import dev.baton.recipes.spi.HoldSeat;
import dev.baton.recipes.spi.Subscription;
import dev.baton.recipes.spi.TermHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.test.TestingServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A lock's hold against link events still queued on the session's event thread: the attempt reads
 * the current epoch directly, so it may be granted in an epoch whose predecessors' events have not
 * reached the lock yet.
 */
class LockQueueEpochTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);

  /**
   * Found in review: a SUSPENDED event of epoch N+1, delivered after a hold was granted in the
   * reconnected epoch N+2, revoked that hold at once (a false revocation).
   */
  @Test
  void aSuspensionOlderThanTheGrantDoesNotEndTheHoldButANewerOneDoes() throws Exception {
    try (TestingServer server = new TestingServer();
        BatonSession session =
            BatonSession.start(SessionConfig.builder(server.getConnectString()).build())) {
      CuratorLiveness liveness = (CuratorLiveness) session.liveness();
      await().atMost(WITHIN).until(() -> liveness.current().isConnected());
      long connected = liveness.current().number();

      // Subscribed before the lock: holds the session's event thread on the first suspension.
      CountDownLatch stall = new CountDownLatch(1);
      Subscription staller =
          liveness.subscribe(
              e -> {
                if (e.link() == Link.SUSPENDED && e.number() == connected + 1) {
                  awaitQuietly(stall);
                }
              });
      AtomicInteger lost = new AtomicInteger();
      HoldSeat<StubHold> seat =
          session.lockSeat(
              "/locks/epoch",
              "owner",
              true,
              new HoldSeat.Holds<>() {
                @Override
                public StubHold begin(FencingToken token, String nodePath) {
                  return new StubHold(token, nodePath);
                }

                @Override
                public void lost() {
                  lost.incrementAndGet();
                }
              });
      // Subscribed after the lock: hears an epoch once the lock has heard it.
      CountDownLatch reconnectedHeard = new CountDownLatch(1);
      Subscription trailer =
          liveness.subscribe(
              e -> {
                if (e.number() == connected + 2) {
                  reconnectedHeard.countDown();
                }
              });
      try {
        liveness.stateChanged(session.curator(), ConnectionState.SUSPENDED);
        liveness.stateChanged(session.curator(), ConnectionState.RECONNECTED);
        ConnectionEpoch reconnected = liveness.current();
        assertThat(reconnected.number()).isEqualTo(connected + 2);
        assertThat(reconnected.isConnected()).isTrue();

        Optional<StubHold> taken = seat.take(System.nanoTime() + WITHIN.toNanos());
        assertThat(taken).as("granted in the reconnected epoch").isPresent();
        StubHold hold = taken.get();

        stall.countDown(); // the old suspension now reaches the lock
        assertThat(reconnectedHeard.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        assertThat(hold.revocationReason())
            .as("a suspension older than the grant does not end it")
            .isEmpty();
        assertThat(hold.isActive()).isTrue();
        assertThat(lost).hasValue(0);

        liveness.stateChanged(session.curator(), ConnectionState.SUSPENDED);
        assertThat(hold.awaitRevocation(WITHIN)).as("a newer suspension ends it").isTrue();
        assertThat(hold.revocationReason()).hasValue(RevocationReason.CONNECTION_SUSPENDED);
        assertThat(lost).hasValue(0);
        liveness.stateChanged(session.curator(), ConnectionState.RECONNECTED);
        assertThat(seat.release()).as("it had ended before the release").isFalse();
      } finally {
        stall.countDown();
        trailer.close();
        staller.close();
        seat.close(true);
      }
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      if (!latch.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("the stalled event thread was never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while stalling the event thread", e);
    }
  }

  private static final class StubHold extends TermHandle {
    StubHold(FencingToken token, String nodePath) {
      super(token, Instant.now(), nodePath);
    }

    @Override
    protected RuntimeException lost(@Nullable RevocationReason reason) {
      return new IllegalStateException("hold lost: " + reason);
    }
  }
}
