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

  /** Why releases wake no one now (followers poll), if so; empty while wake-ups work. */
  default Optional<String> degraded() {
    return Optional.empty();
  }

  /** A subscriber's statement failed: give back a connection the statement may have needed. */
  default void statementFailed(String failure) {}
}
