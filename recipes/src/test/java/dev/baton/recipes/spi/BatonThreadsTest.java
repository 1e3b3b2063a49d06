// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The death of a Baton thread reaches the JVM's default uncaught-exception handler (after Baton's
 * own log line), so that applications' global handlers and Awaitility see it.
 */
class BatonThreadsTest {
  private Thread.UncaughtExceptionHandler saved;

  @BeforeEach
  void save() {
    saved = Thread.getDefaultUncaughtExceptionHandler();
  }

  @AfterEach
  void restore() {
    Thread.setDefaultUncaughtExceptionHandler(saved);
  }

  @Test
  void aBatonThreadThatDiesReachesTheDefaultHandler() throws Exception {
    CompletableFuture<String> seen = new CompletableFuture<>();
    IllegalStateException boom = new IllegalStateException("boom");
    Thread.setDefaultUncaughtExceptionHandler(
        (t, e) -> seen.complete(t.getName() + ": " + (e == boom)));
    Thread t =
        BatonThreads.factory("test", "dies")
            .newThread(
                () -> {
                  throw boom;
                });
    t.start();
    assertThat(seen.get(10, TimeUnit.SECONDS)).isEqualTo("baton-test-dies: true");
  }

  @Test
  void anAwaitFailsWhenABatonThreadDiesDuringIt() {
    CountDownLatch waiting = new CountDownLatch(1);
    Thread t =
        BatonThreads.factory("test", "dies-during-await")
            .newThread(
                () -> {
                  try {
                    waiting.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  throw new IllegalStateException("a Baton thread died");
                });
    t.start();
    assertThatThrownBy(
            () ->
                await()
                    .atMost(Duration.ofSeconds(10))
                    .until(
                        () -> {
                          waiting.countDown();
                          return false;
                        }))
        .hasStackTraceContaining("a Baton thread died");
  }
}
