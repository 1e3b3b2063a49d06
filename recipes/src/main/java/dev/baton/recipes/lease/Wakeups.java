// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Subscription;
import java.util.Optional;

/** Wakes followers on a release (PostgreSQL {@code LISTEN/NOTIFY}); best effort: polls suffice. */
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
