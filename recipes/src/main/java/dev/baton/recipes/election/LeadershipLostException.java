// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.TermLostException;
import org.jspecify.annotations.Nullable;

/** Thrown by {@link Leadership#checkActive()} when the term is no longer active. */
public class LeadershipLostException extends TermLostException {
  public LeadershipLostException(
      String participantId, FencingToken token, @Nullable RevocationReason reason) {
    super("leadership of " + participantId, token, reason);
  }
}
