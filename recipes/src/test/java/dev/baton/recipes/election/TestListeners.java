// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Listeners the tests share. */
public final class TestListeners {
  private TestListeners() {}

  /** A listener that does nothing. */
  public static LeadershipListener quiet() {
    return onElected(leadership -> {});
  }

  /**
   * A listener whose {@code elected} runs {@code elected} and whose {@code revoked} does nothing.
   */
  public static LeadershipListener onElected(Consumer<Leadership> elected) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {
        elected.accept(leadership);
      }

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {}
    };
  }

  /**
   * A listener whose {@code revoked} counts {@code entered} down, then waits for {@code release}
   * (at most {@code max}); its {@code elected} does nothing.
   */
  public static LeadershipListener blockingRevoked(
      CountDownLatch entered, CountDownLatch release, Duration max) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {}

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {
        entered.countDown();
        try {
          release.await(max.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
  }

  /** A listener whose {@code elected} dies of a simulated {@link StackOverflowError}. */
  public static LeadershipListener overflowingOnElected() {
    return onElected(
        leadership -> {
          throw new StackOverflowError("simulated");
        });
  }
}
