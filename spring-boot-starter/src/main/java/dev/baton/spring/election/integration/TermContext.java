// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;

/** The {@link BatonLeaderContext} of one term. */
record TermContext(BatonElection election, Leadership leadership) implements BatonLeaderContext {
  @Override
  public boolean isLeader() {
    return leadership.isActive();
  }

  /** Resigns this term if it is still the election's current one; otherwise does nothing. */
  @Override
  public void yield() {
    if (election.leadership().filter(current -> current == leadership).isPresent()) {
      election.yield();
    }
  }

  @Override
  public String getRole() {
    return election.role();
  }

  @Override
  public FencingToken token() {
    return leadership.token();
  }

  @Override
  public String toString() {
    return "BatonLeaderContext{role="
        + election.role()
        + ", token="
        + leadership.token()
        + ", leader="
        + isLeader()
        + "}";
  }
}
