// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every term is delivered in order, even one that began and ended while an earlier callback still
 * ran (as in chaos profile trial {@code 00745-lose-quorum-election-zk-s746}, where a {@code
 * revoked} held up by a write in progress delayed a resumed term's {@code elected} by 3.7 s): its
 * {@code elected} runs with the term already inactive, then its {@code revoked}, as the README
 * states.
 */
class CallbackDispatcherTest {
  private static final RevocationReason SUSPENDED = RevocationReason.CONNECTION_SUSPENDED;

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CallbackDispatcher callbacks =
      new CallbackDispatcher(
          "p1@/test",
          new LeadershipListener() {
            @Override
            public void elected(Leadership l) {
              seen.add("elected " + l.token().value() + (l.isActive() ? "" : " (over)"));
            }

            @Override
            public void revoked(Leadership l, RevocationReason reason) {
              seen.add("revoked " + l.token().value());
              if (l.token().value() == 1) {
                hold(release);
              }
            }

            @Override
            public void paused(Leadership l) {
              seen.add("paused " + l.token().value());
            }
          },
          new ElectionMetrics(ElectionMetrics.NONE, "/test", "p1"),
          h -> {},
          e -> {});

  @AfterEach
  void stop() {
    release.countDown();
    callbacks.shutdown(Duration.ofSeconds(5));
  }

  private static LeadershipHandle term(long token) {
    return new LeadershipHandle("p1", FencingToken.of(token), "/test/n-" + token, Instant.EPOCH);
  }

  private static void hold(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).as("released").isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void end(LeadershipHandle h) {
    assertThat(h.revoke(SUSPENDED)).isTrue();
    callbacks.revoked(h, SUSPENDED);
  }

  @Test
  void aTermThatEndedBehindASlowCallbackIsStillDeliveredInOrder() {
    LeadershipHandle first = term(1);
    callbacks.elected(first);
    await().until(() -> seen.contains("elected 1"));
    end(first);
    await().until(() -> seen.contains("revoked 1")); // held in revoked now
    LeadershipHandle gone = term(2);
    callbacks.elected(gone);
    callbacks.paused(gone);
    end(gone);
    LeadershipHandle next = term(3);
    callbacks.elected(next);
    release.countDown();

    await().until(() -> seen.contains("elected 3"));
    assertThat(callbacks.awaitQueued(Duration.ofSeconds(5))).isTrue();
    assertThat(seen)
        .containsExactly(
            "elected 1", "revoked 1", "elected 2 (over)", "paused 2", "revoked 2", "elected 3");
  }

  @Test
  void aTermRevokedAfterItsElectedRanGetsItsRevoked() {
    LeadershipHandle h = term(5);
    callbacks.elected(h);
    await().until(() -> seen.contains("elected 5"));
    callbacks.paused(h);
    end(h);

    assertThat(callbacks.awaitQueued(Duration.ofSeconds(5))).isTrue();
    assertThat(seen).containsExactly("elected 5", "paused 5", "revoked 5");
  }
}
