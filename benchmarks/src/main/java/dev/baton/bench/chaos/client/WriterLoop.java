// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The work of one ownership term on its own thread: prepare a write (taking the write interval),
 * then write with the term's token, and check the term's handle only between writes, like real
 * owner code.
 *
 * <p>That order matters for the chaos tests: a process paused (SIGSTOP) while preparing a write
 * sends that write as soon as it resumes, with its old token, before it has had a chance to notice
 * that its term is over. Nothing here hides that write; the fence must reject it.
 */
final class WriterLoop {
  private final Thread thread;
  private volatile boolean stopped;

  WriterLoop(
      String name,
      ProtectedWriter writer,
      String resource,
      FencingToken token,
      Duration interval,
      BooleanSupplier termActive) {
    this.thread =
        new Thread(
            () -> {
              while (!stopped && termActive.getAsBoolean()) {
                // The write is decided here; "preparing" it takes the interval.
                ProtectedWriter.sleepQuietly(interval.toMillis());
                if (Thread.currentThread().isInterrupted()) {
                  return;
                }
                if (writer.write(resource, token) == ProtectedWriter.Outcome.REJECTED) {
                  return; // a newer owner wrote: this term is over, as the fence just said
                }
              }
            },
            name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /**
   * Asks the loop to stop after the write in progress (if any) and waits up to {@code timeout} for
   * it.
   *
   * @return true if the loop ended
   */
  boolean stopAndJoin(Duration timeout) {
    stopped = true;
    if (Thread.currentThread() == thread) {
      return false;
    }
    try {
      thread.join(timeout.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !thread.isAlive();
  }
}
