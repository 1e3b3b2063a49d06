// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

/**
 * The worker thread running one handler, which the renewer interrupts on a lost claim: only while
 * the handler runs, and the flag is cleared on return so it never leaks into the next claim.
 */
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

  /**
   * Ends the run, on the worker's thread; clears the interrupt this run set.
   *
   * @return true if the handler was interrupted
   */
  synchronized boolean finish() {
    running = false;
    if (interrupted) {
      Thread.interrupted();
    }
    return interrupted;
  }
}
