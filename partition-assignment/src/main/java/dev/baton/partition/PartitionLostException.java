// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.TermLostException;
import org.jspecify.annotations.Nullable;

/** Thrown by {@link PartitionOwnership#checkActive()} when the ownership term is over. */
public class PartitionLostException extends TermLostException {
  private final int partition;

  public PartitionLostException(
      int partition, FencingToken token, @Nullable RevocationReason reason) {
    super("ownership of partition " + partition, token, reason);
    this.partition = partition;
  }

  public int partition() {
    return partition;
  }
}
