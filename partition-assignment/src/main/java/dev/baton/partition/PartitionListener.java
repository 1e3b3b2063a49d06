// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;

/**
 * Receives a member's ownership changes. Callbacks run on a serial loop per partition (named {@code
 * baton-partition-callbacks-<member>-<partition>}), never on the member's loop, ZooKeeper's or
 * Curator's threads, nor under a lock. Per partition, one at a time and in order: each {@code
 * assigned} is followed by exactly one {@code revoked} of the same ownership before the next;
 * partitions may run at once. A throwing callback is logged and counted; ownership is unchanged.
 *
 * <p>A released partition ({@link RevocationReason#REASSIGNED}, {@link
 * RevocationReason#PARTITION_REMOVED}, {@link RevocationReason#CLOSED}) goes to its next owner only
 * after {@code revoked} returns or {@link GroupConfig#drainTimeout()} passes: drain inside it.
 */
public interface PartitionListener {
  /** This member now owns {@code ownership.partition()}, with {@code ownership.token()}. */
  void assigned(PartitionOwnership ownership);

  /** The term of {@code ownership} ended for {@code reason}. */
  void revoked(PartitionOwnership ownership, RevocationReason reason);
}
