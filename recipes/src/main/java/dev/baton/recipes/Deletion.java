// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/** What a bounded delete of a queue entry learned ({@link QueueStore#deleteWithin}). */
enum Deletion {
  /** The store deleted the entry. */
  DELETED,
  /** The entry was gone already. */
  GONE,
  /** The request failed (e.g. the link is down); the delete goes on in the background. */
  FAILED,
  /** No answer within the timeout; the delete goes on in the background. */
  NO_ANSWER;

  boolean isGone() {
    return this == DELETED || this == GONE;
  }
}
