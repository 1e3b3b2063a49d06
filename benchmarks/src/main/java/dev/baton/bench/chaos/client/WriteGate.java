// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import java.util.concurrent.CountDownLatch;

/**
 * The chaos client's hold on its own writes, for the scenarios whose point is a stale write: on
 * {@code HOLD} (stdin) the next protected write of every writer thread is decided, with its term's
 * token, and then waits here, printing {@code HELD resource=.. token=..}, until {@code RELEASE};
 * then it is sent as decided. The harness holds a write while the owner still owns, lets a
 * successor take over and write, and releases it: a write with an old token that must reach the
 * fence after a newer one (like a process stalled between deciding a write and sending it).
 * Thread-safe.
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
   * Called by a writer with a write decided: returns at once unless held; if held, prints {@code
   * HELD} and waits for {@link #release()}, through interrupts too (a stalled process does not see
   * its recipe's cancellation until it runs again): an interrupt while held is returned, not kept
   * set, so that the held write is sent as decided; the caller sets it again after the write.
   *
   * @return whether the thread was interrupted while its write was held
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
   * Sends {@code write}, decided with {@code token}, once it {@linkplain #pass passes} the gate; an
   * interrupt that came while it was held is set again after the write.
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
