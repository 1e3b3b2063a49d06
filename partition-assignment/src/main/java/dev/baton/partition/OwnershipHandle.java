// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.TermHandle;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The implementation of {@link PartitionOwnership}: the service interface's {@link TermHandle}
 * (revoked exactly once, never paused) with the partition's fields. {@code term} numbers the
 * member's terms, so that a revocation is applied to the ownership it was decided for.
 */
final class OwnershipHandle extends TermHandle implements PartitionOwnership {
  private final int partition;
  private final String memberId;
  private final String ownerNodePath;
  private final long generation;
  private final long term;

  public OwnershipHandle(
      int partition,
      String memberId,
      FencingToken token,
      String ownerNodePath,
      Instant since,
      long generation,
      long term) {
    super(token, since);
    this.partition = partition;
    this.memberId = memberId;
    this.ownerNodePath = ownerNodePath;
    this.generation = generation;
    this.term = term;
  }

  @Override
  public int partition() {
    return partition;
  }

  @Override
  public String memberId() {
    return memberId;
  }

  @Override
  public String ownerNodePath() {
    return ownerNodePath;
  }

  @Override
  public long generation() {
    return generation;
  }

  /** The member's number of this term. */
  public long term() {
    return term;
  }

  @Override
  protected RuntimeException lost(@Nullable RevocationReason reason) {
    return new PartitionLostException(partition, token(), reason);
  }

  @Override
  public String toString() {
    return "PartitionOwnership{partition="
        + partition
        + ", member="
        + memberId
        + ", token="
        + token()
        + ", "
        + describeState()
        + "}";
  }
}
