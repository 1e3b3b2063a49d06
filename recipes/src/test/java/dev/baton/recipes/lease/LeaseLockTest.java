// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.InMemoryFence;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.lock.FencedLock;
import dev.baton.recipes.lock.LockConfig;
import dev.baton.recipes.lock.LockHandle;
import dev.baton.recipes.lock.LockLostException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fenced lock on a lease row, on real PostgreSQL and H2: the lock's contract as on ZooKeeper.
 */
class LeaseLockTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  private static final String PATH = "/lease/lock";

  private static FencedLock lock(LeaseBackend backend, String owner) {
    return FencedLock.create(backend, LockConfig.builder(PATH).ownerId(owner).build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void twoContendersNeverHoldAtOnceAndTokensRise(LeaseDatabases db) throws Exception {
    db.withTerms(
        (table, backend, terms) -> {
          AtomicInteger inside = new AtomicInteger();
          List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
          List<FencingToken> tokens = Collections.synchronizedList(new ArrayList<>());
          ExecutorService pool = Executors.newFixedThreadPool(2);
          try (FencedLock a = lock(backend, "a");
              FencedLock b = lock(backend, "b")) {
            List<Future<Integer>> runs = new ArrayList<>();
            for (FencedLock l : List.of(a, b)) {
              runs.add(
                  pool.submit(
                      () -> {
                        int confirmed = 0;
                        for (int i = 0; i < 6; i++) {
                          LockHandle h = l.acquire(WITHIN).orElseThrow();
                          if (inside.incrementAndGet() != 1) {
                            overlaps.add("two holders at once, one with " + h.token());
                          }
                          tokens.add(h.token());
                          h.checkActive();
                          inside.decrementAndGet();
                          confirmed += l.release() ? 1 : 0;
                        }
                        return confirmed;
                      }));
            }
            for (Future<Integer> run : runs) {
              assertThat(run.get()).isEqualTo(6); // every release confirmed by the database
            }
          } finally {
            pool.shutdownNow();
          }
          assertThat(overlaps).isEmpty();
          assertThat(tokens).hasSize(12);
          for (int i = 1; i < tokens.size(); i++) {
            assertThat(tokens.get(i).isNewerThan(tokens.get(i - 1)))
                .as("token %s after %s", tokens.get(i), tokens.get(i - 1))
                .isTrue();
          }
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void anAcquireUnderWayWhenItsLockClosesTakesNoHold(LeaseDatabases db) throws Exception {
    db.withTerms(
        (table, backend, terms) -> {
          ExecutorService pool = Executors.newSingleThreadExecutor();
          try (FencedLock a = lock(backend, "a");
              FencedLock c = lock(backend, "c")) {
            LockHandle held = a.acquire(WITHIN).orElseThrow();
            AtomicReference<Thread> taker = new AtomicReference<>();
            Future<Optional<LockHandle>> waiting =
                pool.submit(
                    () -> {
                      taker.set(Thread.currentThread());
                      return c.acquire(Duration.ofSeconds(30));
                    });
            await() // c's attempt waits for a grant
                .atMost(WITHIN)
                .until(
                    () ->
                        taker.get() != null
                            && taker.get().getState() == Thread.State.TIMED_WAITING);
            c.close();
            assertThat(a.release()).isTrue();
            assertThat(held.isActive()).isFalse();
            Optional<LockHandle> got;
            try {
              got = waiting.get(5, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
              assertThat(e.getCause())
                  .isInstanceOf(IllegalStateException.class)
                  .hasMessageContaining("is closed");
              got = Optional.empty();
            }
            assertThat(got).as("a hold taken after the lock closed").isEmpty();
            try (FencedLock d = lock(backend, "d")) { // c left: the row is free
              assertThat(d.acquire(WITHIN)).isPresent();
              assertThat(d.release()).isTrue();
            }
          } finally {
            pool.shutdownNow();
          }
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void aFenceRejectsTheStaleHolderAfterItsRowWasTaken(LeaseDatabases db) throws Exception {
    // A lease long enough that only the refused renewal (every 400 ms) ends the hold: with the
    // quick
    // 2 s lease, a renewal delayed on a loaded machine let the holder's own deadline end it first.
    db.withTerms(
        table -> LeaseDatabases.quick(table).leaseDuration(Duration.ofSeconds(30)).build(),
        (table, backend, terms) -> {
          InMemoryFence fence = new InMemoryFence();
          try (FencedLock a = lock(backend, "a");
              FencedLock b = lock(backend, "b")) {
            LockHandle first = a.acquire(WITHIN).orElseThrow();
            fence.write("account", first.token(), ctx -> 1);
            // A stranger gives the row away, as an expiry seen by the database would: the next
            // renewal is refused, the hold ends, and the other contender takes the row.
            stranger(db, "UPDATE " + table + " SET holder = NULL WHERE name = ?");
            LockHandle second = b.acquire(WITHIN).orElseThrow();
            assertThat(second.token().isNewerThan(first.token())).isTrue();
            fence.write("account", second.token(), ctx -> 2);
            assertThatThrownBy(() -> fence.write("account", first.token(), ctx -> 3))
                .isInstanceOf(StaleTokenException.class);
            await().atMost(WITHIN).until(() -> !first.isActive());
            assertThatThrownBy(first::checkActive).isInstanceOf(LockLostException.class);
            assertThat(first.revocationReason()).contains(RevocationReason.LEASE_LOST);
            assertThat(a.release()).as("the hold had ended before the release").isFalse();
            assertThat(b.release()).isTrue();
          }
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.baton.recipes.lease.LeaseDatabases#both")
  void anAcquireTimesOutWhileHeldAndSucceedsOnceReleased(LeaseDatabases db) throws Exception {
    db.withTerms(
        (table, backend, terms) -> {
          try (FencedLock a = lock(backend, "a");
              FencedLock b = lock(backend, "b")) {
            LockHandle held = a.acquire(WITHIN).orElseThrow();
            long start = System.nanoTime();
            Optional<LockHandle> none = b.acquire(Duration.ofMillis(600));
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertThat(none).isEmpty();
            assertThat(waited).isGreaterThanOrEqualTo(Duration.ofMillis(600));
            assertThat(waited).isLessThan(Duration.ofSeconds(5)); // the bound: a statement's wait
            assertThat(a.acquire(WITHIN)).contains(held); // reentrant
            assertThat(a.release()).isTrue(); // one level: the hold goes on
            assertThat(held.isActive()).isTrue();
            assertThat(a.release()).isTrue();
            assertThat(held.isActive()).isFalse();
            assertThat(held.revocationReason()).contains(RevocationReason.RESIGNED);
            LockHandle next = b.acquire(WITHIN).orElseThrow();
            assertThat(next.token().isNewerThan(held.token())).isTrue();
            assertThat(b.release()).isTrue();
          }
        });
  }

  private static void stranger(LeaseDatabases db, String sql) throws Exception {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement p = c.prepareStatement(sql)) {
      p.setString(1, PATH);
      assertThat(p.executeUpdate()).isEqualTo(1);
    }
  }
}
