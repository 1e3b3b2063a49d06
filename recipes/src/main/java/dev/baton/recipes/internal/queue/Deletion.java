// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

/**
 * What a bounded delete of a queue entry learned ({@code QueueStore.deleteWithin}, {@link
 * LockQueue#deleteWithin}). Public for the lock's seat, which tells its caller whether a release
 * was confirmed.
 */
public enum Deletion {
  /** The store deleted the entry. */
  DELETED,
  /** The entry was gone already. */
  GONE,
  /** The request failed (e.g. the link is down); the delete goes on in the background. */
  FAILED,
  /** No answer within the timeout; the delete goes on in the background. */
  NO_ANSWER;

  /** True if the entry is known to be gone. */
  public boolean isGone() {
    return this == DELETED || this == GONE;
  }
}
