// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one serial loop on which a recipe does all its I/O and keeps its state, so that state needs
 * no locks; tasks run one at a time, in order, on the {@link LoopScheduler}'s thread. Failures are
 * never silent: a failed task is logged (a streak's first at WARN with its stack, the rest at
 * DEBUG) and counted ({@link #failures()}), and {@code recovery} runs after a growing {@link
 * Backoff}; a completed recovery ends the streak. A {@link VirtualMachineError} is logged at ERROR,
 * marks the loop {@linkplain #fatal() failed} (after {@code onFatal} ran on the loop's thread) and
 * is rethrown. A task must restore an interrupt it caught; stray flags are cleared.
 */
public final class SerialLoop {
  private static final Logger log = LoggerFactory.getLogger(SerialLoop.class);

  private final String name;
  private final LoopScheduler scheduler;
  private final Backoff backoff;
  private final Runnable recovery;
  private final Consumer<VirtualMachineError> onFatal;
  private final AtomicLong failures = new AtomicLong(); // rare: no need for a LongAdder
  private final AtomicInteger streak = new AtomicInteger();
  private final AtomicReference<VirtualMachineError> fatal = new AtomicReference<>();

  /**
   * A loop named {@code name}; {@code recovery} runs again after a backoff whenever a task failed
   * (typically "reconcile"); {@code onFatal} runs once on the loop before a fatal error ends it.
   */
  public SerialLoop(
      String name,
      LoopScheduler scheduler,
      Backoff backoff,
      Runnable recovery,
      Consumer<VirtualMachineError> onFatal) {
    this.name = Objects.requireNonNull(name, "name");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.recovery = Objects.requireNonNull(recovery, "recovery");
    this.onFatal = Objects.requireNonNull(onFatal, "onFatal");
  }

  /** Runs {@code task} on the loop, after the tasks already queued; dropped once shut down. */
  public void execute(Runnable task) {
    schedule(0, task);
  }

  /** Runs {@code task} on the loop no earlier than {@code delayNanos} from now. */
  public void schedule(long delayNanos, Runnable task) {
    Objects.requireNonNull(task, "task");
    if (!scheduler.schedule(() -> runGuarded(task, false), delayNanos)) {
      log.debug("loop {} is stopped; dropping a task", name);
    }
  }

  /** Schedules the recovery task after the backoff of the current failure streak. */
  public void retryLater() {
    int attempt = Math.max(1, streak.get());
    if (!scheduler.schedule(() -> runGuarded(recovery, true), backoff.delayNanos(attempt))) {
      log.debug("loop {} is stopped; not retrying", name);
    }
  }

  /** True on the loop's thread. */
  public boolean inLoop() {
    return scheduler.inLoop();
  }

  /** The loop's clock, in nanoseconds. */
  public long nanoTime() {
    return scheduler.nanoTime();
  }

  /** How many tasks have failed so far (a fatal error included). */
  public long failures() {
    return failures.get();
  }

  /** The error that ended the loop, if one did. */
  public Optional<VirtualMachineError> fatal() {
    return Optional.ofNullable(fatal.get());
  }

  /** True while the loop takes tasks. */
  public boolean isRunning() {
    return !scheduler.isShutdown();
  }

  /** Drops queued tasks and stops; off the loop, waits up to {@code timeout} for a running one. */
  public void shutdown(Duration timeout) {
    scheduler.shutdown();
    try {
      if (!scheduler.awaitTermination(timeout)) {
        log.warn("loop {} still runs a task {} after it was stopped", name, timeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops the loop after the queued tasks (dropping delayed ones not due), waiting up to {@code
   * timeout} off the loop; then interrupts the running task. True if the queue finished in time.
   */
  public boolean drain(Duration timeout) {
    execute(scheduler::shutdown);
    if (scheduler.inLoop()) {
      return true;
    }
    try {
      if (scheduler.awaitTermination(timeout)) {
        return true;
      }
      log.warn(
          "loop {}: queued tasks still running {} after close; interrupting them", name, timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    scheduler.shutdown();
    scheduler.interrupt();
    return false;
  }

  private void runGuarded(Runnable task, boolean isRecovery) {
    try {
      task.run();
      if (isRecovery) {
        streak.set(0);
      }
    } catch (VirtualMachineError e) {
      failures.incrementAndGet();
      if (fatal.compareAndSet(null, e)) {
        log.error("loop {} stops: fatal error; the recipe is marked failed", name, e);
        try {
          onFatal.accept(e);
        } catch (Throwable t) {
          e.addSuppressed(t);
        }
      }
      scheduler.shutdown();
      throw e;
    } catch (Throwable t) {
      failures.incrementAndGet();
      int n = streak.incrementAndGet();
      if (n == 1 && !(t instanceof StoreUnavailableException)) {
        log.warn("loop {}: a task failed; retrying in the background", name, t);
      } else {
        log.debug("loop {}: a task failed again ({} in a row): {}", name, n, t.toString());
      }
      retryLater();
    } finally {
      if (Thread.interrupted() && scheduler.isShutdown()) {
        Thread.currentThread().interrupt(); // stopping: let the scheduler see it
      }
    }
  }

  @Override
  public String toString() {
    return "SerialLoop{" + name + (fatal.get() == null ? "" : ", failed") + "}";
  }
}
