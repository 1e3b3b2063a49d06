// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import dev.baton.recipes.kernel.Subscription;

/**
 * Where a follower learns that a holder released the lease, so that it need not wait for its next
 * poll (PostgreSQL's {@code LISTEN/NOTIFY}). Best effort: polling alone is correct.
 */
@FunctionalInterface
public interface Wakeups {
  /** Calls {@code onRelease} whenever this election's lease is released, until closed. */
  Subscription subscribe(Runnable onRelease);
}
