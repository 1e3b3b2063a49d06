// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.TermHandle;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One leadership term: the service interface's {@link TermHandle} with the election's fields. */
final class LeadershipHandle extends TermHandle implements Leadership {
  private final String participantId;

  LeadershipHandle(String participantId, FencingToken token, String nodePath, Instant electedAt) {
    super(token, electedAt, nodePath);
    this.participantId = participantId;
  }

  @Override
  public String participantId() {
    return participantId;
  }

  @Override
  protected RuntimeException lost(@Nullable RevocationReason reason) {
    return new LeadershipLostException(participantId, token(), reason);
  }

  @Override
  public String toString() {
    return "Leadership{" + participantId + ", " + token() + ", " + describeState() + "}";
  }
}
