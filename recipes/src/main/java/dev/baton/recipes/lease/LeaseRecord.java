// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One lease row as read, with times from the database's clock.
 *
 * @param holder the holder's participant id, null when released
 * @param live true if a holder is set and the lease had not expired when read
 * @param acquiredAt when the current holder took it (null if never held)
 * @param renewedAt when it was last acquired or renewed (null if never held)
 */
record LeaseRecord(
    String name,
    @Nullable String holder,
    long token,
    boolean live,
    Instant expiresAt,
    @Nullable Instant acquiredAt,
    @Nullable Instant renewedAt) {
  public LeaseRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(expiresAt, "expiresAt");
  }
}
