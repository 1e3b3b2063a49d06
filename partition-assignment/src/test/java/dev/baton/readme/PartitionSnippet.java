// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
// README:end

/**
 * The README's partition-ownership example as it stands: the README's imports are this file's only
 * ones, and its code is the body of {@link #run}, an ordinary method that declares no exception.
 * The abstract methods are the reader's own.
 */
public abstract class PartitionSnippet {
  /** The reader's: starts consuming a partition it now owns. */
  protected abstract void startConsuming(PartitionOwnership ownership);

  /** The reader's: stops consuming it (the drain). */
  protected abstract void stopConsuming(PartitionOwnership ownership);

  /** The reader's: runs until the service shuts down. */
  protected abstract void runUntilShutdown(GroupMember member);

  /** The README's code, given a session. */
  public void run(dev.baton.recipes.BatonSession session) {
    // README:begin
    GroupConfig config = GroupConfig.builder("/services/ingest/consumers")
        .memberId("ingest-3")                 // stable across restarts, e.g. the pod name
        .partitionCount(64)
        .rejoinGrace(Duration.ofSeconds(30))  // a restart within 30 s gets its partitions back
        .build();
    try (GroupMember member = GroupMember.create(session, config, new PartitionListener() {
          @Override
          public void assigned(PartitionOwnership ownership) {
            // On the partition's callback loop, in order. Fence writes with ownership.token().
            startConsuming(ownership);
          }

          @Override
          public void revoked(PartitionOwnership ownership, RevocationReason reason) {
            // Drain here: the next owner starts only after this returns (or the drain timeout).
            stopConsuming(ownership);
          }
        })) {
      member.start();
      runUntilShutdown(member);   // close() leaves the group: revokes, drains, releases
    }
    // README:end
  }
}
