// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/** A lock's meters, as listed at {@link LockConfig#meterRegistry()}. */
final class LockMeters {
  private final Counter acquired;
  private final Counter timeouts;
  private final Counter lost;
  private final Timer waits;

  LockMeters(LockConfig config) {
    this.acquired = counter(config, "baton.lock.acquired");
    this.timeouts = counter(config, "baton.lock.timeouts");
    this.lost = counter(config, "baton.lock.lost");
    this.waits =
        Timer.builder("baton.lock.wait")
            .tag("lock", config.path())
            .register(config.meterRegistry());
  }

  private static Counter counter(LockConfig config, String name) {
    return Counter.builder(name).tag("lock", config.path()).register(config.meterRegistry());
  }

  void acquired(long startNanos) {
    acquired.increment();
    waits.record(Duration.ofNanos(System.nanoTime() - startNanos));
  }

  void timedOut() {
    timeouts.increment();
  }

  void lost() {
    lost.increment();
  }
}
