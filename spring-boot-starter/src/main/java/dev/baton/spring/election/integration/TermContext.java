// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;

/** The {@link BatonLeaderContext} of one term. */
final class TermContext implements BatonLeaderContext {
  private final BatonElection election;
  private final Leadership leadership;

  TermContext(BatonElection election, Leadership leadership) {
    this.election = election;
    this.leadership = leadership;
  }

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
  public Leadership leadership() {
    return leadership;
  }

  @Override
  public BatonElection election() {
    return election;
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
