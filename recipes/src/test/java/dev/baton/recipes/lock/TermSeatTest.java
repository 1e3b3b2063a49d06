// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.backend.Holder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The seat of a {@link FencedLock} on a backend without a seat of its own (the lease row), driven
 * by a stub backend so that a grant lands exactly while the acquiring thread is interrupted.
 */
class TermSeatTest {
  private static final String PATH = "/locks/term-seat";
  private static final Duration WITHIN = Duration.ofSeconds(5);
  private static final int ATTEMPTS = 100;

  private final List<Thread> granters = new CopyOnWriteArrayList<>();

  @AfterEach
  void joinGranters() throws InterruptedException {
    for (Thread t : granters) {
      t.join(WITHIN.toMillis());
    }
  }

  /**
   * Found in review: a grant that landed while the taker was interrupted stayed the seat's hold, so
   * the attempt's leave ended it as a lost hold (meter and WARN), and the next acquire skipped its
   * wait and returned that revoked hold, with its old token, while the candidacy it joined was
   * never left.
   */
  @Test
  void aGrantThatLandsWhileTheTakerIsInterruptedIsNotKept() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    LockConfig config = LockConfig.builder(PATH).ownerId("taker").meterRegistry(registry).build();
    StubBackend backend = new StubBackend(Thread.currentThread());
    try (FencedLock lock = FencedLock.create(backend, config)) {
      TermSeat seat = new TermSeat(backend, config, new LockMeters(config), lock);
      for (int i = 0; i < ATTEMPTS; i++) {
        backend.interruptNext = true;
        assertThatThrownBy(() -> seat.take(System.nanoTime() + WITHIN.toNanos()))
            .as("attempt %d", i)
            .isInstanceOf(InterruptedException.class);
        StubCandidacy interrupted = backend.last();
        assertThat(interrupted.grantedRace).as("attempt %d: the grant landed", i).isTrue();
        assertThat(interrupted.leaves).as("attempt %d: nothing of it stays", i).isEqualTo(1);
        assertThat(seat.current()).as("attempt %d: no hold after the interrupt", i).isNull();

        backend.interruptNext = false;
        Optional<Hold> next = seat.take(System.nanoTime() + WITHIN.toNanos());
        StubCandidacy joined = backend.last();
        assertThat(joined).isNotSameAs(interrupted);
        assertThat(next)
            .as("attempt %d: the next take waits for its own grant", i)
            .hasValueSatisfying(
                h -> {
                  assertThat(h.token()).isEqualTo(joined.offered);
                  assertThat(h.isActive()).isTrue();
                });
        assertThat(seat.release()).isTrue();
        assertThat(joined.leaves).isEqualTo(1);
      }
      // a hold never handed out is not a lost lock
      assertThat(registry.get("baton.lock.lost").counter().count()).isZero();
    }
  }

  /**
   * Found in review: a join that threw left the seat taking, so a grant the backend still made to
   * the listener it was handed became a hold that no acquire returned and nothing would end.
   */
  @Test
  void aJoinThatThrowsLeavesNoSeatOpenForGrants() throws Exception {
    LockConfig config = LockConfig.builder(PATH).ownerId("taker").build();
    StubBackend backend = new StubBackend(Thread.currentThread());
    try (FencedLock lock = FencedLock.create(backend, config)) {
      TermSeat seat = new TermSeat(backend, config, new LockMeters(config), lock);
      backend.failNextJoin = true;
      assertThatThrownBy(() -> seat.take(System.nanoTime() + WITHIN.toNanos()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("stub backend");
      Candidacy.Listener handed = backend.failedJoinListener;
      assertThat(handed).isNotNull();

      boolean taken = handed.granted(FencingToken.of(PATH, 99), "row", Duration.ZERO, () -> true);
      assertThat(taken).as("a grant after the failed join is refused").isFalse();
      assertThat(seat.current()).isNull();
    }
  }

  private final class StubBackend implements Backend {
    private final Thread taker;
    private final AtomicLong tokens = new AtomicLong();
    private final List<StubCandidacy> joined = new ArrayList<>(); // on the taker's thread
    volatile boolean interruptNext;
    volatile boolean failNextJoin;
    volatile Candidacy.@Nullable Listener failedJoinListener;

    StubBackend(Thread taker) {
      this.taker = taker;
    }

    StubCandidacy last() {
      return joined.get(joined.size() - 1);
    }

    @Override
    public Candidacy join(Contest contest, Candidacy.Listener listener) {
      if (failNextJoin) {
        failNextJoin = false;
        failedJoinListener = listener; // as a backend that registered it before it failed
        throw new IllegalStateException("the stub backend failed the join");
      }
      FencingToken token = FencingToken.of(contest.name(), tokens.incrementAndGet());
      StubCandidacy c = new StubCandidacy(listener, token);
      joined.add(c);
      boolean interrupt = interruptNext;
      Thread granter =
          new Thread(
              () -> {
                if (interrupt) {
                  grantWhileInterrupted(c, token);
                } else {
                  c.grant(token, () -> true);
                }
              },
              "granter");
      granters.add(granter);
      granter.start();
      return c;
    }

    /**
     * Waits for the taker to wait for its grant, then grants it under the seat's monitor (the
     * {@code valid} check runs there) after interrupting the taker and seeing it woken, blocked on
     * that monitor: the interrupt, not the grant's notify, ends its wait.
     */
    private void grantWhileInterrupted(StubCandidacy c, FencingToken token) {
      await()
          .pollInterval(Duration.ofMillis(1))
          .atMost(WITHIN)
          .until(() -> taker.getState() == Thread.State.TIMED_WAITING);
      c.grant(
          token,
          () -> {
            taker.interrupt();
            long until = System.nanoTime() + WITHIN.toNanos();
            while (taker.getState() != Thread.State.BLOCKED && System.nanoTime() < until) {
              Thread.onSpinWait(); // under the seat's monitor: Awaitility's threads cannot help
            }
            c.grantedRace = taker.getState() == Thread.State.BLOCKED;
            return true;
          });
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

  /** A candidacy that, like a backend, ends a granted term when it leaves. */
  private static final class StubCandidacy implements Candidacy {
    private final Candidacy.Listener listener;
    final FencingToken offered; // the grant of this candidacy, refused or not
    volatile @Nullable FencingToken granted;
    volatile boolean grantedRace;
    volatile int leaves;

    StubCandidacy(Candidacy.Listener listener, FencingToken offered) {
      this.listener = listener;
      this.offered = offered;
    }

    synchronized void grant(FencingToken token, BooleanSupplier valid) {
      if (leaves == 0 && listener.granted(token, "row", Duration.ZERO, valid)) {
        granted = token;
      }
    }

    @Override
    public void resign() {}

    @Override
    public void resign(FencingToken token, RevocationReason reason) {}

    @Override
    public void withdraw() {}

    @Override
    public boolean leave(long start, long drainDeadline) {
      FencingToken t;
      synchronized (this) {
        leaves++;
        t = granted;
        granted = null;
      }
      if (t != null) {
        listener.ended(t, RevocationReason.RESIGNED);
      }
      return t != null;
    }

    @Override
    public boolean isConnected() {
      return true;
    }

    @Override
    public long failures() {
      return 0;
    }
  }
}
