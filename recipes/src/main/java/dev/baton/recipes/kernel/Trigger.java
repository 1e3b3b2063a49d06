// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.kernel;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A task that runs on a {@link SerialLoop} a fixed delay after it is requested; requests made while
 * a run is pending share that one run. Thread-safe: request from any thread.
 */
public final class Trigger {
  private final SerialLoop loop;
  private final long delayNanos;
  private final Runnable task;
  private final AtomicBoolean pending = new AtomicBoolean();

  Trigger(SerialLoop loop, long delayNanos, Runnable task) {
    this.loop = loop;
    this.delayNanos = delayNanos;
    this.task = task;
  }

  /** Asks for a run; a no-op if one is already pending. */
  public void request() {
    if (pending.compareAndSet(false, true)) {
      loop.schedule(
          delayNanos,
          () -> {
            pending.set(false);
            task.run();
          });
    }
  }
}
