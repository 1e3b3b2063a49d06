// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.Objects;

/** A {@link QueueStore} entry; {@code token} is its czxid; it goes with {@code ownerSession}. */
record QueueEntry(String name, long token, long ownerSession) {
  public QueueEntry {
    Objects.requireNonNull(name, "name");
  }
}
