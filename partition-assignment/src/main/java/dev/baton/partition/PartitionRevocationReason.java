package dev.baton.partition;

/** Why a member's ownership of a partition ended. Every revocation carries exactly one reason. */
public enum PartitionRevocationReason {
  /** The assignment moved the partition to another member; it is released after the callback drains. */
  REASSIGNED,
  /** The partition was removed from the group's partition set. */
  PARTITION_REMOVED,
  /**
   * The connection to ZooKeeper was suspended: the session may already be gone on the server and a
   * successor may take the partition. If the session survives and the partition is still this member's,
   * it is assigned again with the same token.
   */
  CONNECTION_SUSPENDED,
  /** The session expired: the ownership znode is gone. */
  SESSION_LOST,
  /** The ownership znode disappeared while the session lived (deleted by someone else). */
  NODE_DELETED,
  /** The member was closed. */
  CLOSED
}
