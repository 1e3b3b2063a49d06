// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work of one term (a leadership or a partition ownership) on its own daemon thread. It writes
 * with the token captured at start and looks at the term only between writes. {@link #stop()} ends
 * it after the write in progress; {@link #abandon()} (process shutdown only) also interrupts that
 * write: when a term merely ends, a write in flight is sent and the fence decides.
 */
abstract class TermLoop {
  private static final Logger log = LoggerFactory.getLogger(TermLoop.class);

  private final Thread thread;
  private volatile boolean stopped;

  TermLoop(String name) {
    this.thread = new Thread(this::runLogged, name);
    thread.setDaemon(true);
  }

  /** The loop's body; returns when {@link #stopped()} or when the term is over. */
  protected abstract void run() throws InterruptedException;

  private void runLogged() {
    try {
      run();
    } catch (InterruptedException e) {
      log.info("{}: work abandoned", thread.getName());
    } catch (RuntimeException | Error e) {
      log.error("{}: the loop failed", thread.getName(), e);
      failed(e);
    }
  }

  /** Reports an unexpected failure that ended the loop. */
  protected abstract void failed(Throwable e);

  final boolean stopped() {
    return stopped;
  }

  final void start() {
    thread.start();
  }

  /** Asks the loop to end after the write in progress. */
  final void stop() {
    stopped = true;
  }

  /** Asks the loop to end at once, dropping the work in progress. */
  final void abandon() {
    stopped = true;
    thread.interrupt();
  }

  /** Waits up to {@code timeout} for the loop to end; true if it did. */
  final boolean join(Duration timeout) {
    if (Thread.currentThread() == thread) {
      return false;
    }
    try {
      thread.join(timeout.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.warn("interrupted while waiting for {} to end", thread.getName());
    }
    return !thread.isAlive();
  }
}
