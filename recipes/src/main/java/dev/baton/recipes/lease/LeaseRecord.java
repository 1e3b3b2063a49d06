// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One lease row as read (database clock): {@code holder} is null once released, {@code live} if
 * held and unexpired; {@code acquiredAt} and {@code renewedAt} are null if never held.
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
