// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import java.util.concurrent.CountDownLatch;

/**
 * The client's hold on its own writes: after {@code HOLD} the next write of each writer thread,
 * decided with its token, prints {@code HELD resource=.. token=..} and waits here until {@code
 * RELEASE}: a process stalled between deciding a write and sending it. Thread-safe.
 */
final class WriteGate {
  private final EventOut out;
  private volatile CountDownLatch closed; // null while writes pass

  WriteGate(EventOut out) {
    this.out = out;
  }

  /** From now on, writes wait at {@link #pass} until {@link #release()}. */
  synchronized void hold() {
    if (closed == null) {
      closed = new CountDownLatch(1);
    }
  }

  /** Lets every held write go, and the following ones pass. */
  synchronized void release() {
    CountDownLatch c = closed;
    closed = null;
    if (c != null) {
      c.countDown();
    }
  }

  /**
   * Returns at once unless held; else prints {@code HELD} and waits for {@link #release()} through
   * interrupts (a stalled process sees no cancellation), returning whether one came, so the write
   * goes as decided.
   */
  private boolean pass(String resource, long token) {
    CountDownLatch c = closed;
    if (c == null) {
      return false;
    }
    out.event("HELD", "resource", resource, "token", token);
    boolean interrupted = false;
    while (true) {
      try {
        c.await();
        return interrupted;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
  }

  /** A write that may fail as the store fails it. */
  interface Write<T, E extends Exception> {
    T send() throws E;
  }

  /**
   * Sends {@code write} once it passed the gate, setting again an interrupt that came while held.
   */
  <T, E extends Exception> T through(String resource, long token, Write<T, E> write) throws E {
    boolean interrupted = pass(resource, token);
    try {
      return write.send();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
