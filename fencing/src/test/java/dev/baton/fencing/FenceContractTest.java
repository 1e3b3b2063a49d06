// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Fence} must do, run against each store. A subclass supplies the fence and a way
 * to write a marker inside the fenced action and to read back which markers were committed, in
 * commit order.
 */
public abstract class FenceContractTest<C> {
  private static final AtomicInteger RESOURCES = new AtomicInteger();
  private static final String SCOPE = "/test/leader";

  protected abstract Fence<C> fence();

  /** An action that records {@code marker} (with the token value) inside the fenced unit. */
  protected abstract FencedAction<C, Void> writeMarker(String resource, String marker, long token);

  /** The markers of {@code resource} committed so far, in commit order, as "marker:token". */
  protected abstract List<String> committed(String resource) throws Exception;

  protected int concurrentWriters() {
    return 4;
  }

  protected String newResource() {
    return "orders-" + getClass().getSimpleName() + "-" + RESOURCES.incrementAndGet();
  }

  private static FencingToken t(long value) {
    return FencingToken.of(SCOPE, value);
  }

  private void write(String resource, long token, String marker) {
    fence().write(resource, t(token), writeMarker(resource, marker, token));
  }

  @Test
  public void acceptsNewAndEqualTokensAndRejectsLowerOnesWithoutWritingAnything() throws Exception {
    String r = newResource();
    assertThat(fence().highest(r)).isEmpty();
    write(r, 41, "a");
    write(r, 41, "a-again"); // the same term writes again
    write(r, 42, "b"); // a new term registers
    assertThatThrownBy(() -> write(r, 41, "stale"))
        .isInstanceOfSatisfying(
            StaleTokenException.class,
            e -> {
              assertThat(e.resource()).isEqualTo(r);
              assertThat(e.presented()).isEqualTo(t(41));
              assertThat(e.current()).contains(t(42));
            });
    assertThat(committed(r)).containsExactly("a:41", "a-again:41", "b:42");
    assertThat(fence().highest(r)).contains(t(42));
  }

  @Test
  public void rejectsATokenOfAnotherScope() throws Exception {
    String r = newResource();
    write(r, 10, "a");
    assertThatThrownBy(
            () ->
                fence()
                    .write(
                        r, FencingToken.of("/other/election", 99), writeMarker(r, "foreign", 99)))
        .isInstanceOfSatisfying(
            ForeignTokenException.class, e -> assertThat(e.expectedScope()).isEqualTo(SCOPE));
    assertThat(committed(r)).containsExactly("a:10");
  }

  @Test
  public void rejectsBadInputBeforeWritingAnything() throws Exception {
    String r = newResource();
    assertThatThrownBy(() -> fence().write(r, null, writeMarker(r, "x", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("token");
    assertThatThrownBy(() -> fence().write(" ", t(1), writeMarker(r, "x", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("resource");
    assertThatThrownBy(() -> fence().write("x".repeat(256), t(1), writeMarker(r, "x", 1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> t(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(committed(r)).isEmpty();
    assertThat(fence().highest(r)).isEmpty();
  }

  @Test
  public void aFailingActionLeavesTheHighWaterMarkAndTheStoreUnchanged() throws Exception {
    String r = newResource();
    write(r, 5, "a");
    assertThatThrownBy(
            () ->
                fence()
                    .write(
                        r,
                        t(9),
                        ctx -> {
                          writeMarker(r, "half", 9).apply(ctx);
                          throw new IllegalStateException("user code failed");
                        }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("user code failed");
    assertThat(fence().highest(r)).contains(t(5));
    assertThat(committed(r)).containsExactly("a:5");
  }

  @Test
  public void concurrentWritersWithRandomTokensNeverGoBackwards() throws Exception {
    String r = newResource();
    int writers = concurrentWriters();
    int writesEach = 40;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch go = new CountDownLatch(1);
    AtomicInteger accepted = new AtomicInteger();
    AtomicInteger rejected = new AtomicInteger();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        futures.add(
            pool.submit(
                () -> {
                  Random random = new Random(writer);
                  go.await();
                  for (int i = 0; i < writesEach; i++) {
                    long token = random.nextInt(200);
                    try {
                      write(r, token, "w" + writer);
                      accepted.incrementAndGet();
                    } catch (StaleTokenException e) {
                      assertThat(e.current().orElseThrow().value()).isGreaterThan(token);
                      rejected.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      go.countDown();
      for (Future<?> f : futures) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    List<Long> tokens =
        committed(r).stream().map(m -> Long.parseLong(m.substring(m.indexOf(':') + 1))).toList();
    assertThat(tokens).hasSize(accepted.get()).isSorted();
    assertThat(rejected.get()).isPositive();
    assertThat(fence().highest(r)).contains(t(tokens.get(tokens.size() - 1)));
  }

  @Test
  public void firstWritersOfFreshResourcesRaceSafely() throws Exception {
    int writers = concurrentWriters();
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      for (int round = 0; round < 25; round++) {
        String r = newResource();
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Long>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          long token = 100L + w;
          futures.add(
              pool.submit(
                  () -> {
                    go.await();
                    try {
                      write(r, token, "first");
                      return token;
                    } catch (StaleTokenException e) {
                      assertThat(e.current().orElseThrow().value())
                          .as("a rejection names a newer token")
                          .isGreaterThan(token);
                      return -1L;
                    }
                  }));
        }
        go.countDown();
        long highestAccepted = -1;
        for (Future<Long> f : futures) {
          highestAccepted = Math.max(highestAccepted, f.get(60, TimeUnit.SECONDS));
        }
        assertThat(highestAccepted)
            .as("the newest first writer always gets in")
            .isEqualTo(100 + writers - 1);
        assertThat(fence().highest(r)).contains(t(highestAccepted));
        List<Long> tokens =
            committed(r).stream()
                .map(m -> Long.parseLong(m.substring(m.indexOf(':') + 1)))
                .toList();
        assertThat(tokens).isSorted();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
