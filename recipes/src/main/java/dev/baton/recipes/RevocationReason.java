// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * Why a {@link Term} ended: one vocabulary for every ownership recipe (election, lock, partition
 * lease). Every revocation carries exactly one reason.
 */
public enum RevocationReason {
  /** The connection to ZooKeeper was suspended; the session may already be gone on the server. */
  CONNECTION_SUSPENDED,
  /** The session expired: the owner's znode is gone and a successor may already own the role. */
  SESSION_LOST,
  /** The owner's znode disappeared while its session lived (deleted by someone else, or wiped). */
  NODE_DELETED,
  /** After a reconnect, another candidate's znode precedes this one (election). */
  NOT_LOWEST,
  /** The owner gave the term up: {@code resign()} of an election, {@code release()} of a lock. */
  RESIGNED,
  /** The user's {@code elected} callback threw and the configuration says to resign on failure. */
  CALLBACK_FAILED,
  /** The assignment moved the partition to another member; released after the callback drained. */
  REASSIGNED,
  /** The partition was removed from the group's partition set. */
  PARTITION_REMOVED,
  /** Lease backend: the local deadline (last confirmed grant's send + lease - margin) passed. */
  LEASE_EXPIRED,
  /** Lease backend: the database refused a renewal (row taken over, or expired by its clock). */
  LEASE_LOST,
  /** Lease backend: a renewal failed (the database could not be reached or did not answer). */
  RENEWAL_FAILED,
  /** The recipe (or its session) was closed. */
  CLOSED,
  /** The recipe's loop stopped on a fatal error (out of memory, stack overflow): see its health. */
  FAILED
}
