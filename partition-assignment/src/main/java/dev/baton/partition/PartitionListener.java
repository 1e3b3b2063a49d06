// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;

/**
 * Receives a member's ownership changes.
 *
 * <p>Threading contract: callbacks run on a serial loop per partition (a thread borrowed from
 * Baton's shared loop pool while there are callbacks to run, named {@code
 * baton-partition-callbacks-<member>-<partition>} meanwhile), never on the member's loop, never on
 * ZooKeeper's event thread, never on Curator's threads and never under a lock of the member. For
 * one partition they run one at a time and in order: each {@code assigned} is followed by exactly
 * one {@code revoked} of the same ownership before the next {@code assigned} of that partition.
 * Callbacks of different partitions may run concurrently, so a slow {@code revoked} holds up only
 * its own partition. An exception or error thrown by a callback is logged and counted ({@code
 * baton.partition.callback.failures}); it does not change ownership.
 *
 * <p>Draining: on {@link RevocationReason#REASSIGNED}, {@link RevocationReason#PARTITION_REMOVED}
 * and {@link RevocationReason#CLOSED} the partition is released (its ownership znode deleted,
 * letting the next owner take it) only after {@code revoked} returns, or after {@link
 * GroupConfig#drainTimeout()} if it takes longer. Finish or abandon in-flight work for the
 * partition inside {@code revoked}.
 */
public interface PartitionListener {
  /** This member now owns {@code ownership.partition()}, with {@code ownership.token()}. */
  void assigned(PartitionOwnership ownership);

  /** The term of {@code ownership} ended for {@code reason}. */
  void revoked(PartitionOwnership ownership, RevocationReason reason);
}
