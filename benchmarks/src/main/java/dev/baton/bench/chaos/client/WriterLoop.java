// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The writes of one term on their own thread: prepare a write (the write interval), then write with
 * the term's token, checking the term only between writes, like real owner code. A process paused
 * while preparing sends that write with its old token as soon as it resumes: the fence must reject
 * it, nothing here hides it.
 */
final class WriterLoop {
  private final Thread thread;
  private final CountDownLatch ended = new CountDownLatch(1);
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
              try {
                while (!stopped && termActive.getAsBoolean()) {
                  ProtectedWriter.sleepQuietly(interval.toMillis()); // decided: preparing it
                  if (Thread.currentThread().isInterrupted()
                      || writer.write(resource, token) == ProtectedWriter.Outcome.REJECTED) {
                    return; // a rejection means a newer owner wrote: this term is over
                  }
                }
              } finally {
                ended.countDown();
              }
            },
            name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Stops the loop after the write in progress; true if it ended within {@code timeout}. */
  boolean stopAndJoin(Duration timeout) {
    stopped = true;
    try {
      return Thread.currentThread() != thread
          && ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
