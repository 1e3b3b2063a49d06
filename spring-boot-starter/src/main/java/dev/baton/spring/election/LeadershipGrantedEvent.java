// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.election.Leadership;

/** This instance leads the election; {@link #leadership()} carries the term's token. */
public final class LeadershipGrantedEvent extends LeadershipEvent {
  private static final long serialVersionUID = 1L;

  /** The grant of {@code leadership} in {@code election}. */
  public LeadershipGrantedEvent(BatonElection election, Leadership leadership) {
    super(election, leadership);
  }

  @Override
  public String toString() {
    return "LeadershipGrantedEvent{" + name() + ", " + token() + "}";
  }
}
