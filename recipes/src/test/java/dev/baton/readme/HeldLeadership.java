// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A leadership that stays active, built from the public interface only: what the README's fenced
 * write needs of a term is its token, so the snippet runs without an election.
 */
record HeldLeadership(String participantId, FencingToken token, String nodePath)
    implements Leadership {
  @Override
  public Instant startedAt() {
    return Instant.EPOCH;
  }

  @Override
  public boolean isActive() {
    return true;
  }

  @Override
  public boolean isRevoked() {
    return false;
  }

  @Override
  public void checkActive() {
    // active until the test ends: nothing to check
  }

  @Override
  public Optional<RevocationReason> revocationReason() {
    return Optional.empty();
  }

  @Override
  public boolean awaitRevocation(Duration timeout) {
    return false;
  }
}
