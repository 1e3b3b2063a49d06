// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

/** The handler's thread, interruptible by the renewer only while the handler runs. */
final class HandlerRun {
  private final Thread thread = Thread.currentThread();
  private boolean running = true;
  private boolean interrupted;

  /** Interrupts the handler, if it still runs; from any thread. */
  synchronized void interrupt() {
    if (running) {
      interrupted = true;
      thread.interrupt();
    }
  }

  /** Ends the run (worker thread), clearing its interrupt; true if the handler was interrupted. */
  synchronized boolean finish() {
    running = false;
    if (interrupted) {
      Thread.interrupted();
    }
    return interrupted;
  }
}
