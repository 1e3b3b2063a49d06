// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

/** The pause between two looks of the kit's wait loops (it has no Awaitility outside its tests). */
final class Poll {
  static final long INTERVAL_MS = 50;

  private Poll() {}

  /** Waits one poll interval; restores the interrupt flag and throws if interrupted. */
  static void pause() {
    try {
      Thread.sleep(INTERVAL_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
  }
}
