// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Subscription;
import java.util.Optional;

/**
 * Where a follower learns that a holder released the lease, so that it need not wait for its next
 * poll (PostgreSQL's {@code LISTEN/NOTIFY}). Best effort: polling alone is correct.
 */
@FunctionalInterface
interface Wakeups {
  /** Calls {@code onRelease} whenever this election's lease is released, until closed. */
  Subscription subscribe(Runnable onRelease);

  /**
   * Why releases wake no one now, so that followers find them by polling alone, if they do; empty
   * while wake-ups work.
   */
  default Optional<String> degraded() {
    return Optional.empty();
  }

  /**
   * A statement of a subscriber failed with {@code failure}: the wake-ups may be holding a
   * connection that the statement needed, and then give it back.
   */
  default void statementFailed(String failure) {}
}
