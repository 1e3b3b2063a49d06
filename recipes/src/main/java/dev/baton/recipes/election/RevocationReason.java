package dev.baton.recipes.election;

/** Why a {@link Leadership} ended. Every revocation carries exactly one reason. */
public enum RevocationReason {
  /** The connection to ZooKeeper was suspended; the session may already be gone on the server. */
  CONNECTION_SUSPENDED,
  /** The ZooKeeper session expired: the candidate's znode is gone and a successor may already lead. */
  SESSION_LOST,
  /** The candidate's znode disappeared (deleted by someone else, or the election path was wiped). */
  NODE_DELETED,
  /** After a reconnect, another candidate's znode precedes this one. */
  NOT_LOWEST,
  /** {@link LeaderElection#resign()} was called. */
  RESIGNED,
  /** The user's {@code elected} callback threw and the configuration says to resign on failure. */
  CALLBACK_FAILED,
  /** The election (or its session) was closed. */
  CLOSED
}
