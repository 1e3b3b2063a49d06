// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.backend.Holder;
import java.lang.Thread.State;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * {@link LeaderElection#resign()} on an election whose start did not join its contest: the join
 * threw (the backend closed between the start's checks and its join), or it is still under way on
 * another thread. Found in review: both threw a bare {@code NullPointerException}.
 */
class ResignBeforeJoinTest {
  private static final long WITHIN_S = 10;

  @Test
  void resignAfterAStartWhoseJoinThrewSaysSo() {
    StubBackend backend = new StubBackend(null);
    LeaderElection election = LeaderElection.create(backend, config(), TestListeners.quiet());
    assertThatThrownBy(election::start).isInstanceOf(IllegalStateException.class);

    assertThatThrownBy(election::resign)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("/resign-before-join");
    election.close();
  }

  @Test
  void resignDuringAJoinWaitsForItAndResignsTheCandidacy() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    StubBackend backend = new StubBackend(release);
    LeaderElection election = LeaderElection.create(backend, config(), TestListeners.quiet());
    CompletableFuture<Void> start = CompletableFuture.runAsync(election::start);
    assertThat(backend.joining.await(WITHIN_S, TimeUnit.SECONDS)).isTrue();

    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread resign = new Thread(election::resign, "resign");
    resign.setUncaughtExceptionHandler((t, e) -> thrown.set(e));
    resign.start();
    // The resign waits for the join (or, before the fix, threw at once): only then the join ends.
    await()
        .atMost(Duration.ofSeconds(WITHIN_S))
        .until(() -> EnumSet.of(State.BLOCKED, State.TERMINATED).contains(resign.getState()));
    release.countDown();

    start.get(WITHIN_S, TimeUnit.SECONDS);
    resign.join(TimeUnit.SECONDS.toMillis(WITHIN_S));
    assertThat(thrown.get()).as("thrown by resign").isNull(); // a NullPointerException before
    assertThat(backend.resigns.get()).isEqualTo(1);
    election.close();
  }

  private static ElectionConfig config() {
    return ElectionConfig.builder("/resign-before-join").participantId("p").build();
  }

  /** Joins after {@code release} opens, or throws as a closed backend does when it is null. */
  private static final class StubBackend implements Backend {
    private final CountDownLatch joining = new CountDownLatch(1);
    private final AtomicInteger resigns = new AtomicInteger();
    private final @Nullable CountDownLatch release;

    StubBackend(@Nullable CountDownLatch release) {
      this.release = release;
    }

    @Override
    public Candidacy join(Contest contest, Candidacy.Listener listener) {
      joining.countDown();
      if (release == null) {
        throw new IllegalStateException("the stub backend is closed");
      }
      try {
        assertThat(release.await(WITHIN_S, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return new Candidacy() {
        @Override
        public void resign() {
          resigns.incrementAndGet();
        }

        @Override
        public void resign(FencingToken token, RevocationReason reason) {}

        @Override
        public void withdraw() {}

        @Override
        public boolean leave(long start, long drainDeadline) {
          return true;
        }

        @Override
        public boolean isConnected() {
          return true;
        }

        @Override
        public long failures() {
          return 0;
        }
      };
    }

    @Override
    public Optional<Holder> holder(String name) {
      return Optional.empty();
    }

    @Override
    public List<Holder> participants(String name) {
      return List.of();
    }
  }
}
