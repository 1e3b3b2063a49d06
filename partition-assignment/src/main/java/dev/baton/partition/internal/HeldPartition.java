package dev.baton.partition.internal;

import dev.baton.partition.internal.member.LeaseHandle;
import dev.baton.recipes.RevocationReason;
import java.util.concurrent.CompletableFuture;

/**
 * A partition whose ownership znode this member created in its current session, and where its term
 * stands: the current lease, whether {@code revoked} was called for it (and when it returned), whether
 * the partition is being released and whether its drain is over. Confined to the ownership loop.
 */
final class HeldPartition {
  final int partition;
  final long czxid;
  LeaseHandle lease;
  /** Completes when the lease's {@code revoked} returned; null while no revoke was called. */
  private CompletableFuture<Void> revokeDone;
  boolean releasing;
  boolean drained;

  HeldPartition(int partition, long czxid, LeaseHandle lease) {
    this.partition = partition;
    this.czxid = czxid;
    this.lease = lease;
  }

  boolean callbackRevoked() {
    return revokeDone != null;
  }

  /**
   * Ends the lease's term: the signal now, the {@code revoked} callback once.
   *
   * @return completes when {@code revoked} has returned (also when it was called earlier)
   */
  CompletableFuture<Void> endTerm(RevocationReason reason, PartitionCallbacks callbacks,
      GroupMetrics metrics) {
    lease.revoke(reason);
    if (revokeDone == null) {
      RevocationReason actual = lease.revocationReason().orElse(reason);
      metrics.revoked(actual);
      revokeDone = callbacks.revoked(lease, actual);
    }
    return revokeDone;
  }

  /** A new term with the same znode (and token) after a reconnect within the session. */
  void renew() {
    lease = new LeaseHandle(partition, lease.memberId(), lease.token(), lease.ownerNodePath(),
        lease.since(), lease.generation(), lease.term() + 1);
    revokeDone = null;
  }
}
