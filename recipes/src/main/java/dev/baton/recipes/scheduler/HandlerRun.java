// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

/**
 * The worker thread running one job's handler, which the claim renewer interrupts when it finds the
 * claim lost: only while the handler runs (never the worker's next task), and the flag it set is
 * cleared when the handler returns, so that it does not leak into the worker's next claim.
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
